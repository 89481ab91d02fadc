import t from 'tap'
import type { Db } from '../../../../server/api/db/client.ts'
import { accountService } from '../../../../server/api/users/account.service.ts'
import { openTestDb } from '../../../helpers/build-api.ts'

const setAdminRole = (db: Db, who: string, admin: boolean) => accountService(db).setAdminRole(who, admin)

t.test('admin role by hand', async (t) => {
  const db = await openTestDb(t)
  await db.query(`INSERT INTO users (first_name, telegram_id, referral_code) VALUES ('Tara', 4242, 'R1')`)
  await db.query(`INSERT INTO users (first_name, email, referral_code) VALUES ('Arya', 'Arya@Example.com', 'R2')`)
  const role = async (where: string) =>
    (await db.query<{ role: string }>(`SELECT role FROM users WHERE ${where}`))[0]?.role

  t.equal(await setAdminRole(db, '4242', true), 1)
  t.equal(await role('telegram_id = 4242'), 'admin')
  t.equal(await setAdminRole(db, '4242', true), 0, 'already an admin')
  t.equal(await setAdminRole(db, 'arya@example.com', true), 1, 'e-mail matched without regard to case')
  t.equal(await role(`first_name = 'Arya'`), 'admin')
  t.equal(await setAdminRole(db, '4242', false), 1)
  t.equal(await role('telegram_id = 4242'), 'user')
  t.equal(await setAdminRole(db, '999', true), 0, 'unknown user')
  await t.rejects(setAdminRole(db, "x'; DROP TABLE users; --", true), /not a Telegram id or an e-mail address/)
  t.equal((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]!.n, 2, 'nothing else touched')
  await t.rejects(setAdminRole(db, 'not an id', true), /not a Telegram id or an e-mail address/)
})
