import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import t from 'tap'
import { openDb, type Db } from '../../../../server/api/db/client.ts'
import { migrate } from '../../../../server/api/db/migrate.ts'
import { buildTestApi } from '../../../helpers/build-api.ts'
import { buildTestStack } from '../../../helpers/build-gateway.ts'
import { proxiedPostgres, REAL_POSTGRES_URL, type TcpProxy } from '../../../helpers/tcp-proxy.ts'

interface Teardown {
  teardown(fn: () => unknown): void
}

// A correctness bound, generous next to the short timeouts below: an answer must come, not hang.
const BOUND_MS = 10_000

/** A migrated private schema on the real PostgreSQL, reached through a proxy that can go silent; timeouts are short. */
async function dbBehindProxy(t: Teardown): Promise<{ db: Db; proxy: TcpProxy }> {
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const inSchema = (url: string) => {
    const scoped = new URL(url)
    scoped.searchParams.set('options', `-c search_path=${schema}`)
    return scoped.toString()
  }
  const admin = await openDb({ databaseUrl: REAL_POSTGRES_URL })
  await admin.exec(`CREATE SCHEMA ${schema}`)
  t.teardown(async () => {
    await admin.exec(`DROP SCHEMA ${schema} CASCADE`)
    await admin.close()
  })
  const direct = await openDb({ databaseUrl: inSchema(REAL_POSTGRES_URL) })
  await migrate(direct)
  await direct.close()
  const { proxy, url } = await proxiedPostgres(t)
  const db = await openDb({
    databaseUrl: inSchema(url),
    statementTimeoutMs: 2_000,
    queryTimeoutMs: 3_000,
    connectionTimeoutMs: 3_000,
  })
  // the proxy first, so that no pooled connection is left waiting on it
  t.teardown(async () => {
    await proxy.close()
    await db.close()
  })
  return { db, proxy }
}

/** An injected request that must answer within BOUND_MS; its status, headers, body and how long it took. */
async function call(app: FastifyInstance, url: string) {
  const started = Date.now()
  const res = await Promise.race([
    app.inject({ method: 'GET', url }),
    sleep(BOUND_MS, null, { ref: false }).then(() => {
      throw new Error(`GET ${url} did not answer within ${BOUND_MS} ms`)
    }),
  ])
  return { status: res.statusCode, headers: res.headers, body: res.json(), ms: Date.now() - started }
}

/** Calls `url` until it answers 200; how long that took, or a rejection past `ms`. */
async function until200(app: FastifyInstance, url: string, ms: number): Promise<number> {
  const started = Date.now()
  for (;;) {
    if ((await call(app, url)).status === 200) return Date.now() - started
    if (Date.now() - started > ms) throw new Error(`${url} still failing after ${ms} ms`)
    await sleep(200)
  }
}

t.test('the API when PostgreSQL is unavailable', async (t) => {
  t.test(
    'answers 503 with Retry-After within bounds while silent, and recovers by itself once new connections work',
    async (t) => {
      const { db, proxy } = await dbBehindProxy(t)
      const { gateway, api } = await buildTestStack(t, {}, { db })
      t.equal((await call(api, '/api/v1/health')).status, 200)
      t.equal((await call(gateway, '/readyz')).status, 200)
      // a pool full of connections that will go silent
      await Promise.all(Array.from({ length: 10 }, () => db.query('SELECT pg_sleep(0.05)')))

      proxy.silence()
      const answers = await Promise.all([
        ...Array.from({ length: 12 }, () => call(api, '/api/v1/health')),
        call(api, '/api/v1/listings'),
        call(api, '/api/v1/listings/1'),
      ])
      for (const answer of answers) {
        t.equal(answer.status, 503)
        t.equal(answer.headers['retry-after'], '5')
        t.match(answer.body, { success: false, data: null, error: { code: 'SERVICE_UNAVAILABLE' } })
      }
      t.comment(
        `503 answered in ${Math.min(...answers.map((a) => a.ms))}–${Math.max(...answers.map((a) => a.ms))} ms while silent`,
      )
      t.equal((await call(gateway, '/readyz')).status, 503, 'not ready while the database is silent')

      await proxy.restore()
      const ms = await until200(gateway, '/readyz', 10_000)
      t.comment(`/readyz 200 again ${ms} ms after new connections worked`)
      t.equal((await call(api, '/api/v1/health')).status, 200)
      t.equal((await call(api, '/api/v1/listings')).status, 200)
    },
  )

  t.test('answers 503 while the database refuses connections; an ordinary SQL error stays 500', async (t) => {
    const { db, proxy } = await dbBehindProxy(t)
    const { app } = await buildTestApi(t, { db })
    app.get('/test/sql-error', async () => db.query('SELEC 1'))
    t.equal((await call(app, '/test/sql-error')).status, 500)

    // the database restarts: open connections end and new ones are refused
    await proxy.refuse()
    await proxy.disconnect()
    const refused = await call(app, '/api/v1/health')
    t.equal(refused.status, 503)
    t.equal(refused.headers['retry-after'], '5')
    t.equal(refused.body.error.code, 'SERVICE_UNAVAILABLE')

    await proxy.restore()
    // a pooled connection the restart ended may be handed out once more before its socket's close is
    // seen (a loaded machine delays it): recovery is by itself and quick, not necessarily the first call
    const ms = await until200(app, '/api/v1/health', 5_000)
    t.comment(`/health 200 again ${ms} ms after the database accepted connections`)
    const sqlError = await call(app, '/test/sql-error')
    t.equal(sqlError.status, 500)
    t.equal(sqlError.body.error.code, 'INTERNAL')
    t.notOk(sqlError.headers['retry-after'])
  })
  t.end()
})
