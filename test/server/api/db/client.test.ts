import { setTimeout as sleep } from 'node:timers/promises'
import pino from 'pino'
import t from 'tap'
import { openDb, PREPARED_STATEMENTS, type Db, type OpenDbOptions } from '../../../../server/api/db/client.ts'
import { DatabaseUnavailableError } from '../../../../server/api/db/unavailable.ts'
import { proxiedPostgres, REAL_POSTGRES_URL } from '../../../helpers/tcp-proxy.ts'

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
  t.test('poolSize bounds the connections a process opens (DATABASE_POOL_SIZE)', async (t) => {
    const db = await openDb({ databaseUrl: REAL_POSTGRES_URL, poolSize: 2 })
    t.teardown(() => db.close())
    const backends = await Promise.all(
      Array.from({ length: 6 }, () =>
        db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid FROM pg_sleep(0.05)').then((rows) => rows[0]!.pid),
      ),
    )
    t.equal(new Set(backends).size, 2, 'six queries at once share two connections')
  })

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

  t.test('prepared statements', async (t) => {
    const PREPARE = { prepare: true }
    /** A database of its own (its names start afresh), used one query at a time: the pool's one idle connection. */
    async function ownDb(t: { teardown(fn: () => unknown): void }) {
      const db = await openDb({ databaseUrl: REAL_POSTGRES_URL, ...FAST })
      t.teardown(() => db.close())
      const session = async () =>
        (
          await db.query<{ pid: number; prepared: number }>(
            'SELECT pg_backend_pid() AS pid, (SELECT count(*)::int FROM pg_prepared_statements) AS prepared',
          )
        )[0]!
      return { db, session }
    }

    t.test('a text is prepared the second time it runs, once, and answers each value', async (t) => {
      const { db, session } = await ownDb(t)
      const sql = `SELECT $1::int * 2 AS doubled`
      const before = await session()
      t.same(await db.query(sql, [2], PREPARE), [{ doubled: 4 }])
      t.equal((await session()).prepared, before.prepared, 'run once: unnamed')
      t.same(await db.query(sql, [21], PREPARE), [{ doubled: 42 }])
      t.same(await db.query(sql, [5], PREPARE), [{ doubled: 10 }])
      const after = await session()
      t.equal(after.pid, before.pid, 'the same connection')
      t.equal(after.prepared, before.prepared + 1, 'one statement prepared for both later runs')
      const [kept] = await db.query<{ statement: string }>(
        'SELECT statement FROM pg_prepared_statements WHERE statement = $1',
        [sql],
      )
      t.equal(kept?.statement, sql)
    })

    t.test(`no more than ${PREPARED_STATEMENTS} texts run prepared; the others run unnamed`, async (t) => {
      const { db, session } = await ownDb(t)
      const first = await session()
      const texts = Array.from({ length: PREPARED_STATEMENTS + 8 }, (_, i) => `SELECT $1::int + ${i} AS n`)
      for (let round = 0; round < 3; round++)
        for (const [i, sql] of texts.entries()) t.same(await db.query(sql, [1], PREPARE), [{ n: 1 + i }])
      const last = await session()
      t.equal(last.pid, first.pid, 'the connection is kept')
      t.equal(last.prepared, first.prepared + PREPARED_STATEMENTS)
    })

    t.test('a statement prepared before its result type changed runs again unnamed', async (t) => {
      const { db } = await ownDb(t)
      const table = `prepared_${process.pid}_${Date.now()}`
      await db.exec(`CREATE TABLE ${table} (x int); INSERT INTO ${table} VALUES (7)`)
      t.teardown(() => db.exec(`DROP TABLE IF EXISTS ${table}`))
      const sql = `SELECT x FROM ${table} WHERE $1::int = 1`
      t.same(await db.query(sql, [1], PREPARE), [{ x: 7 }])
      t.same(await db.query(sql, [1], PREPARE), [{ x: 7 }], 'prepared now')
      await db.exec(`ALTER TABLE ${table} ALTER COLUMN x TYPE text`)
      t.same(await db.query(sql, [1], PREPARE), [{ x: '7' }])
    })

    t.test('an SQL error stays what it is and carries no values', async (t) => {
      const { db } = await ownDb(t)
      for (let run = 0; run < 2; run++) {
        const err = await failureOf(db.query('SELECT $1::int / 0', ['7'], PREPARE))
        t.notOk(err instanceof DatabaseUnavailableError)
        t.match(err, { code: '22012' })
        t.notMatch(JSON.stringify(pino.stdSerializers.err(err as Error)), '"7"')
      }
      t.same(await db.query('SELECT $1::int AS n', [7], PREPARE), [{ n: 7 }])
    })

    t.test('on a connection gone silent it fails as unavailable within the query timeout', async (t) => {
      const { proxy, db } = await proxiedDb(t)
      await connected(db)
      for (const n of [1, 2]) t.same(await db.query('SELECT $1::int AS n', [n], PREPARE), [{ n }])
      proxy.silence()
      const started = Date.now()
      t.type(await failureOf(db.query('SELECT $1::int AS n', [1], PREPARE)), DatabaseUnavailableError)
      t.ok(Date.now() - started < BOUND_MS)
      await proxy.restore()
      await recovery(db, 10_000)
      t.same(await db.query('SELECT $1::int AS n', [3], PREPARE), [{ n: 3 }])
    })
    t.end()
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
    t.same(await db.query('SELECT $1::int AS n', [4], { prepare: true }), [{ n: 4 }], 'prepare is ignored')
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
