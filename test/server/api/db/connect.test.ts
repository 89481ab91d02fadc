import { setTimeout as sleep } from 'node:timers/promises'
import { spawn } from 'node:child_process'
import t, { type Test } from 'tap'
import { openDbWithRetry } from '../../../../server/api/db/connect.ts'
import { DatabaseStartError } from '../../../../server/api/db/start-error.ts'
import { DatabaseUnavailableError } from '../../../../server/api/db/unavailable.ts'
import { tempDir } from '../../../helpers/build-gateway.ts'
import { proxiedPostgres, REAL_POSTGRES_URL } from '../../../helpers/tcp-proxy.ts'

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

  t.test('a database that does not exist is not retried: one line saying so', async (t) => {
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
    t.type(err, DatabaseStartError)
    t.equal(
      (err as Error).message,
      `The database "khaneh_no_such_database" does not exist on ${wrongDb.host}: create it (createdb khaneh_no_such_database, or CREATE DATABASE in psql) or correct DATABASE_URL`,
    )
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

/** `npm start` (server/main.ts) or a database script as npm runs it, with DATABASE_URL naming a database that does not exist. */
function runWithMissingDatabase(t: Test, args: string[]): Promise<{ code: number | null; output: string }> {
  const missing = new URL(REAL_POSTGRES_URL)
  missing.pathname = '/khaneh_jobs_no_such_database'
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    DATA_DIR: tempDir(t),
    DATABASE_URL: missing.toString(),
    PORT: '4571',
    HOST: '127.0.0.1',
  }
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  t.teardown(() => void child.kill('SIGKILL'))
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => void (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => void (output += chunk))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })))
}

t.test('DATABASE_URL naming a database that does not exist', async (t) => {
  await t.test('npm start stops with one line saying so', async (t) => {
    const { code, output } = await runWithMissingDatabase(t, ['server/main.ts'])
    t.equal(code, 1)
    const fatal = output
      .trim()
      .split('\n')
      .filter((line) => line.includes('"level":60'))
    t.equal(fatal.length, 1, `one line that stops it: ${output}`)
    t.match(
      JSON.parse(fatal[0] ?? '{}'),
      {
        msg: 'The database "khaneh_jobs_no_such_database" does not exist on 127.0.0.1:5432: create it (createdb khaneh_jobs_no_such_database, or CREATE DATABASE in psql) or correct DATABASE_URL',
      },
      'saying which',
    )
    t.notMatch(output, /\bat .+:\d+:\d+/, 'no stack trace')
  })

  await t.test('npm run db:migrate too', async (t) => {
    const { code, output } = await runWithMissingDatabase(t, ['scripts/db.ts', 'migrate'])
    t.equal(code, 1)
    t.equal(
      output.trim(),
      'db: The database "khaneh_jobs_no_such_database" does not exist on 127.0.0.1:5432: create it (createdb khaneh_jobs_no_such_database, or CREATE DATABASE in psql) or correct DATABASE_URL',
    )
  })
})
