import { setTimeout as sleep } from 'node:timers/promises'
import t from 'tap'
import { openDbWithRetry } from '../../../../server/api/db/connect.ts'
import { DatabaseUnavailableError } from '../../../../server/api/db/unavailable.ts'
import { proxiedPostgres } from '../../../helpers/tcp-proxy.ts'

t.test('openDbWithRetry', async (t) => {
  t.test('a database refused at first is retried with a one-line log per attempt until it answers', async (t) => {
    const { proxy, url } = await proxiedPostgres(t)
    await proxy.refuse()
    const lines: string[] = []
    const waits: number[] = []
    const opening = openDbWithRetry(
      { databaseUrl: url, connectionTimeoutMs: 1_000 },
      {
        log: (line) => lines.push(line),
        attempts: 20,
        backoffMs: (attempt) => {
          waits.push(attempt)
          return 100 * attempt
        },
      },
    )
    // the database comes up once a few attempts have failed
    while (lines.length < 3) await sleep(20)
    await proxy.restore()
    const db = await opening
    t.teardown(() => db.close())
    t.same(await db.query('SELECT 1 AS n'), [{ n: 1 }])
    t.ok(lines.length >= 3, `${lines.length} attempts failed before it answered`)
    t.same(
      waits,
      lines.map((_, i) => i + 1),
      'the backoff is asked once per failed attempt, in order',
    )
    for (const line of lines) {
      t.notMatch(line, /\n/, 'one line')
      t.notMatch(line, /\bat .+:\d+:\d+/, 'no stack frames')
    }
    t.match(lines[0], /^db\.unavailable: ECONNREFUSED: .*; attempt 1 of 20, retrying in 0\.1 s$/)
  })

  t.test('a database that never answers gives up after the last attempt with one clear message', async (t) => {
    const { proxy, url } = await proxiedPostgres(t)
    await proxy.refuse()
    const lines: string[] = []
    const err = await openDbWithRetry(
      { databaseUrl: url },
      { log: (line) => lines.push(line), attempts: 3, backoffMs: () => 10 },
    ).then(
      () => null,
      (e: unknown) => e,
    )
    t.type(err, DatabaseUnavailableError)
    t.match((err as Error).message, /^The database is unavailable after 3 attempts \(ECONNREFUSED: [^\n]*\)$/)
    t.equal(lines.length, 2, 'a line for each attempt that is retried')
  })

  t.test('a failure other than unavailability is not retried', async (t) => {
    const { url } = await proxiedPostgres(t)
    const wrongDb = new URL(url)
    wrongDb.pathname = '/khaneh_no_such_database'
    const lines: string[] = []
    const err = await openDbWithRetry(
      { databaseUrl: wrongDb.toString() },
      { log: (line) => lines.push(line), attempts: 5, backoffMs: () => 10 },
    ).then(
      () => null,
      (e: unknown) => e,
    )
    t.match(err, { code: '3D000' })
    t.notOk(err instanceof DatabaseUnavailableError)
    t.same(lines, [])
  })

  t.test('PGlite opens at once', async (t) => {
    const lines: string[] = []
    const db = await openDbWithRetry({}, { log: (line) => lines.push(line) })
    t.teardown(() => db.close())
    t.equal(db.kind, 'pglite')
    t.same(lines, [])
  })
  t.end()
})
