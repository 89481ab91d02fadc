import { setTimeout as sleep } from 'node:timers/promises'
import t from 'tap'
import { openDb } from '../../../../server/api/db/client.ts'
import { proxiedPostgres, REAL_POSTGRES_URL } from '../../../helpers/tcp-proxy.ts'

// Db.listen (the live unread count's LISTEN, docs/decisions/020-alerts-and-outbox.md) on both kinds.

const channel = () => `t_listen_${Math.random().toString(36).slice(2, 10)}`

/** Waits until `done()` holds; false after `ms`. */
async function until(done: () => boolean, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms
  while (!done() && Date.now() < deadline) await sleep(20)
  return done()
}

t.test(
  'PGlite: a NOTIFY reaches the listener on commit, never from a rolled-back transaction; stop ends it',
  async (t) => {
    const db = await openDb({})
    t.teardown(() => db.close())
    const name = channel()
    const got: string[] = []
    const stop = await db.listen(name, (payload) => got.push(payload))
    await db
      .transaction(async (tx) => {
        await tx.query(`SELECT pg_notify($1, 'rolled back')`, [name])
        throw new Error('roll back')
      })
      .catch(() => undefined)
    await db.transaction(async (tx) => {
      await tx.query(`SELECT pg_notify($1, '7')`, [name])
      t.same(got, [], 'not before the commit')
    })
    t.ok(await until(() => got.length > 0))
    t.same(got, ['7'])
    await stop()
    await db.query(`SELECT pg_notify($1, '8')`, [name])
    await sleep(100)
    t.same(got, ['7'], 'nothing after stop')
  },
)

t.test('PostgreSQL: the LISTEN connection comes back after a loss and says so; close ends it', async (t) => {
  const { proxy, url } = await proxiedPostgres(t)
  const db = await openDb({ databaseUrl: url })
  const direct = await openDb({ databaseUrl: REAL_POSTGRES_URL })
  t.teardown(() => direct.close())
  const name = channel()
  const got: string[] = []
  let resumed = 0
  await db.listen(
    name,
    (payload) => got.push(payload),
    () => resumed++,
  )
  await direct.transaction(async (tx) => {
    await tx.query(`SELECT pg_notify($1, '1')`, [name])
  })
  t.ok(await until(() => got.length === 1), 'told on commit')

  // the database restarts: the connection is gone and new ones are refused for a while
  await proxy.refuse()
  await proxy.disconnect()
  await direct.query(`SELECT pg_notify($1, 'lost')`, [name])
  await sleep(700)
  t.equal(resumed, 0, 'not listening yet')
  await proxy.restore()
  t.ok(await until(() => resumed === 1), 'listening again, and the caller is told to catch up')
  await direct.query(`SELECT pg_notify($1, '2')`, [name])
  t.ok(await until(() => got.length === 2))
  t.same(got, ['1', '2'], 'a NOTIFY sent while away is lost: hence onResume')

  const started = Date.now()
  await db.close()
  t.ok(Date.now() - started < 2_000, 'close ends the LISTEN connection at once')
  await direct.query(`SELECT pg_notify($1, '3')`, [name])
  await sleep(200)
  t.same(got, ['1', '2'])
})
