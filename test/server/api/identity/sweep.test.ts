import t from 'tap'
import { identityRepo } from '../../../../server/api/identity/identity.repo.ts'
import { SIGN_IN_LOCK } from '../../../../server/api/rate-limit/limits.ts'
import { openTestDb } from '../../../helpers/build-api.ts'

t.test('the sweep forgets the rows no rule reads any more, and keeps the others', async (t) => {
  const db = await openTestDb(t)
  const repo = identityRepo(db)
  const identity = await repo.insert({
    uid: 'uid-sweep',
    email: 'owner@example.com',
    password_hash: 'x',
    display_name: null,
    language: 'en',
  })
  t.ok(identity)
  const ago = (sql: string) => `now() - interval '${sql}'`
  await db.exec(`
    INSERT INTO identity_sign_in_failures (email, failed_at) VALUES
      ('made-up@example.com', ${ago('16 minutes')}), ('owner@example.com', ${ago('1 minute')});
    INSERT INTO identity_sign_in_pauses (email, last_refused_at) VALUES
      ('made-up@example.com', ${ago('16 minutes')}), ('owner@example.com', ${ago('1 minute')});
    INSERT INTO identity_known_clients (uid, client_hash, last_signed_in_at) VALUES
      ('uid-sweep', 'old', ${ago('91 days')}), ('uid-sweep', 'recent', ${ago('89 days')});
    INSERT INTO identity_codes (code_hash, uid, purpose, expires_at) VALUES
      ('long-gone', 'uid-sweep', 'signIn', ${ago('2 days')}), ('fresh', 'uid-sweep', 'signIn', now() + interval '1 hour');
  `)
  t.equal(await repo.sweep(SIGN_IN_LOCK.windowMs), 4, 'one stale row of each table')
  const left = async (table: string, column: string) =>
    (await db.query<{ v: string }>(`SELECT ${column} AS v FROM ${table} ORDER BY 1`)).map((r) => r.v)
  t.same(await left('identity_sign_in_failures', 'email'), ['owner@example.com'])
  t.same(await left('identity_sign_in_pauses', 'email'), ['owner@example.com'])
  t.same(await left('identity_known_clients', 'client_hash'), ['recent'])
  t.same(await left('identity_codes', 'code_hash'), ['fresh'])
  t.equal(await repo.sweep(SIGN_IN_LOCK.windowMs), 0, 'nothing more the second time')
})
