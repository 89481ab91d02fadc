import { setTimeout as sleep } from 'node:timers/promises'
import pino from 'pino'
import t from 'tap'
import { openDb, type Db, type OpenDbOptions } from '../../../../server/api/db/client.ts'
import { DatabaseUnavailableError } from '../../../../server/api/db/unavailable.ts'
import { proxiedPostgres } from '../../../helpers/tcp-proxy.ts'

// Short timeouts so a silent database is noticed within a test's patience; production keeps its defaults.
const FAST: OpenDbOptions = { statementTimeoutMs: 2_000, queryTimeoutMs: 3_000, connectionTimeoutMs: 3_000 }
// A correctness bound, generous next to the timeouts above: a failure must come, not hang.
const BOUND_MS = 10_000

/** What `work` settles with, or a rejection once `ms` pass without it settling. */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  const timeout = sleep(ms, null, { ref: false }).then(() => {
    throw new Error(`no answer within ${ms} ms`)
  })
  return Promise.race([work, timeout])
}

const failureOf = (work: Promise<unknown>) =>
  within(
    BOUND_MS,
    work.then(
      () => null,
      (err: unknown) => err,
    ),
  )

/** Polls `query` until it succeeds; the time it took, or a rejection past `ms`. */
async function recovery(db: Db, ms: number): Promise<number> {
  const started = Date.now()
  for (;;) {
    const ok = await within(
      BOUND_MS,
      db.query('SELECT 1').then(
        () => true,
        () => false,
      ),
    )
    if (ok) return Date.now() - started
    if (Date.now() - started > ms) throw new Error(`no recovery within ${ms} ms`)
    await sleep(200)
  }
}

/**
 * One pooled connection that has answered. Connecting and a first query can outlast FAST's 3 s on a
 * loaded machine; they are not what these tests check, so they get tries until one answers.
 */
async function connected(db: Db): Promise<void> {
  await recovery(db, 30_000)
}

async function proxiedDb(t: { teardown(fn: () => unknown): void }) {
  const { proxy, url } = await proxiedPostgres(t)
  const db = await openDb({ databaseUrl: url, ...FAST })
  // the proxy first, so that no pooled connection is left waiting on it
  t.teardown(async () => {
    await proxy.close()
    await db.close()
  })
  return { proxy, db }
}

t.test('openDb on PostgreSQL', async (t) => {
  t.test(
    'a query on a connection gone silent fails within the query timeout as unavailable, with no SQL or parameters',
    async (t) => {
      const { proxy, db } = await proxiedDb(t)
      await connected(db)
      proxy.silence()
      const err = await failureOf(db.query('SELECT $1::text AS secret_column', ['s3cret-value']))
      t.type(err, DatabaseUnavailableError)
      const failure = err as DatabaseUnavailableError
      t.equal(failure.status, 503)
      t.match(failure.reason, /Query read timeout/)
      const logged = JSON.stringify(pino.stdSerializers.err(failure))
      t.notMatch(logged, 's3cret-value')
      t.notMatch(logged, 'secret_column')
    },
  )

  t.test('a new connection that is never answered fails within the connection timeout as unavailable', async (t) => {
    const { proxy, db } = await proxiedDb(t)
    proxy.silence()
    const err = await failureOf(db.query('SELECT 1'))
    t.type(err, DatabaseUnavailableError)
    t.match((err as DatabaseUnavailableError).reason, /connection timeout/)
  })

  t.test('a refused connection fails as unavailable', async (t) => {
    const { proxy, db } = await proxiedDb(t)
    await proxy.refuse()
    const err = await failureOf(db.query('SELECT 1'))
    t.type(err, DatabaseUnavailableError)
    t.match((err as DatabaseUnavailableError).reason, /ECONNREFUSED/)
  })

  t.test('an ordinary SQL error stays what it is', async (t) => {
    const { proxy, db } = await proxiedDb(t)
    const err = await failureOf(db.query('SELEC 1'))
    t.notOk(err instanceof DatabaseUnavailableError)
    t.match(err, { code: '42601' })
    await proxy.refuse()
    t.type(await failureOf(db.query('SELECT 1')), DatabaseUnavailableError)
  })

  t.test(
    'a full pool of silent connections is discarded: queries fail within bounds, then work again once new connections do',
    async (t) => {
      const { proxy, db } = await proxiedDb(t)
      // ten connections at once fill the pool
      await Promise.all(Array.from({ length: 10 }, () => db.query('SELECT pg_sleep(0.05)')))
      proxy.silence()
      const failures = await Promise.all(Array.from({ length: 14 }, () => failureOf(db.query('SELECT 1'))))
      t.ok(
        failures.every((err) => err instanceof DatabaseUnavailableError),
        'every query fails as unavailable',
      )
      await proxy.restore()
      const ms = await recovery(db, 10_000)
      t.comment(`recovered ${ms} ms after new connections worked again`)
      const rows = await db.query<{ n: number }>('SELECT 2 AS n')
      t.same(rows, [{ n: 2 }])
    },
  )

  t.test(
    'a transaction whose connection goes silent fails as unavailable and its client is destroyed, not returned',
    async (t) => {
      const { proxy, db } = await proxiedDb(t)
      await connected(db)
      const err = await failureOf(
        db.transaction(async (tx) => {
          await tx.query('SELECT 1')
          proxy.silence()
          await tx.query('SELECT 2')
        }),
      )
      t.type(err, DatabaseUnavailableError)
      await proxy.restore()
      // the pool held one client; had the silent one gone back, this query would wait on it and fail
      t.same(await within(BOUND_MS, db.query('SELECT 3 AS n')), [{ n: 3 }])
      t.equal(
        await within(
          BOUND_MS,
          db.transaction(async (tx) => (await tx.query<{ n: number }>('SELECT 4 AS n'))[0]!.n),
        ),
        4,
      )
    },
  )

  t.test('close() does not wait past its bound for a query stuck on a silent connection', async (t) => {
    const { proxy, url } = await proxiedPostgres(t)
    const db = await openDb({ databaseUrl: url, queryTimeoutMs: 60_000, closeTimeoutMs: 1_000 })
    await db.query('SELECT 1')
    proxy.silence()
    const stuck = db.query('SELECT 1').catch((err: unknown) => err)
    await sleep(100)
    await within(5_000, db.close())
    await proxy.close()
    t.type(await stuck, DatabaseUnavailableError, 'the abandoned query fails once its connection is gone')
  })

  t.end()
})

t.test('openDb on PGlite', async (t) => {
  t.test('a closed database is unavailable; an SQL error is not, and carries no parameter values', async (t) => {
    const db = await openDb({})
    const sqlError = await failureOf(db.query('SELEC $1::text', ['s3cret-value']))
    t.notOk(sqlError instanceof DatabaseUnavailableError)
    t.match(sqlError, { code: '42601' })
    t.notMatch(JSON.stringify(pino.stdSerializers.err(sqlError as Error)), 's3cret-value')
    await db.close()
    const closed = await failureOf(db.query('SELECT $1::text', ['s3cret-value']))
    t.type(closed, DatabaseUnavailableError)
    t.notMatch(JSON.stringify(pino.stdSerializers.err(closed as Error)), 's3cret-value')
  })
  t.end()
})
