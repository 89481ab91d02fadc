import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import tap from 'tap'
import { buildApi, type ApiOptions } from '../../server/api/app.ts'
import { openDb, type Db } from '../../server/api/db/client.ts'
import { migrate, MIGRATIONS_DIR } from '../../server/api/db/migrate.ts'
import { runAloneInProcess } from '../../server/api/db/run-alone.ts'
import { RATE_LIMIT_POLICIES, type RateLimitPolicies } from '../../server/api/rate-limit/limits.ts'
import { isDatabaseTest, TEST_FILE } from '../../scripts/database-tests.ts'
import { runningTestFile } from './running-test-file.ts'
import { migratedState, resetTo, type MigratedState } from './test-db-reset.ts'
import { signTelegramLogin } from './telegram.ts'

interface Teardown {
  teardown(fn: () => unknown): void
}

/** A loaded test machine can take longer than production's 5 s to hand out a PostgreSQL connection; the tests of that timeout open their own databases. */
export const TEST_PG_CONNECTION_TIMEOUT_MS = 30_000

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const DUMP_DIR = path.join(ROOT, 'node_modules/.cache/khaneh')

/** The PostgreSQL pass runs only the files scripts/database-tests.ts counts: one that opens a test database unseen fails here, in both passes. */
const countedAsDatabaseTest = new Set<string>()
function assertCountedAsDatabaseTest() {
  const running = runningTestFile()
  // read once per test file, however many databases it opens
  if (!running || countedAsDatabaseTest.has(running) || !TEST_FILE.test(running)) return
  if (isDatabaseTest(running, ROOT)) {
    countedAsDatabaseTest.add(running)
    return
  }
  throw new Error(
    `${path.relative(ROOT, running)} opens a test database, but scripts/database-tests.ts does not count it ` +
      'as a database test (it looks for openTestDb, buildTestApi or buildTestStack in the file and the helpers it imports), ' +
      'so the PostgreSQL pass would leave it out',
  )
}

/**
 * A fresh database with the migrations applied: in-memory PGlite, or a private schema on the
 * real PostgreSQL of TEST_DATABASE_URL when the suite runs with KHANEH_TEST_DB=postgres.
 */
export async function openTestDb(t: Teardown): Promise<Db> {
  assertCountedAsDatabaseTest()
  const url = process.env.KHANEH_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined
  return url ? openPostgresTestDb(t, url) : openPgliteTestDb(t)
}

/**
 * A PostgreSQL test database: a new schema, migrated, dropped when its test ends (not reused as PGlite's
 * databases are: docs/decisions/044-the-test-harness.md).
 */
async function openPostgresTestDb(t: Teardown, url: string): Promise<Db> {
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const connectionTimeoutMs = TEST_PG_CONNECTION_TIMEOUT_MS
  const admin = await openDb({ databaseUrl: url, connectionTimeoutMs })
  await admin.exec(`CREATE SCHEMA ${schema}`)
  const scoped = new URL(url)
  scoped.searchParams.set('options', `-c search_path=${schema}`)
  const db = await openDb({ databaseUrl: scoped.toString(), connectionTimeoutMs })
  scopedUrls.set(db, scoped.toString())
  t.teardown(async () => {
    await db.close()
    await admin.exec(`DROP SCHEMA ${schema} CASCADE`)
    await admin.close()
  })
  await migrate(db)
  return db
}

/** PGlite test databases of this process whose test has ended, reset in place: the next ones handed out. */
const idlePglite: Db[] = []
/** What a PGlite database from the dump holds, read from the first one this process opens. */
let dumpState: Promise<MigratedState> | undefined

/**
 * A PGlite test database: one whose test has ended, reset to the dump's state (test/helpers/test-db-reset.ts),
 * or a new one from the dump when none is free. A new instance costs 0.65–1.2 s of CPU; a reset, tens of
 * milliseconds (docs/decisions/044-the-test-harness.md). Two test databases alive at once are two instances.
 */
async function openPgliteTestDb(t: Teardown): Promise<Db> {
  // the dump is named after the migrations it holds (migratedDump): none is left to apply
  const db = idlePglite.pop() ?? (await openDb({ startFrom: await migratedDump() }))
  if (!dumpState) {
    dumpState = migratedState(db)
    // the instances left idle close when the process's tests end: open, they would keep it alive
    tap.teardown(async () => {
      await Promise.all(idlePglite.splice(0).map((idle) => idle.close()))
    })
  }
  const state = await dumpState
  let closed = false
  t.teardown(async () => {
    if (closed) return
    if (await resetTo(db, state).catch(() => false)) idlePglite.push(db)
    else await db.close()
  })
  // a database of its own for each test: its own in-process job locks, and closing it closes it for good
  return {
    ...db,
    runAlone: runAloneInProcess(),
    async close() {
      closed = true
      await db.close()
    },
  }
}

/** The address of each PostgreSQL test database, with its private schema. */
const scopedUrls = new WeakMap<Db, string>()

/**
 * The test database `db` as another process reaches it: on PostgreSQL a pool of its own on the same
 * schema (its own connections, sessions and locks); PGlite has one process only
 * (docs/decisions/034-one-writer-per-embedded-database.md), so there it is `db` itself.
 */
export async function openTestDbAgain(t: Teardown, db: Db): Promise<Db> {
  const url = scopedUrls.get(db)
  if (!url) return db
  const again = await openDb({ databaseUrl: url, connectionTimeoutMs: TEST_PG_CONNECTION_TIMEOUT_MS })
  t.teardown(() => again.close())
  return again
}

let dump: Promise<Blob> | undefined

/**
 * An empty PGlite database with every migration applied, as a dump: a database started from it skips
 * initdb, seconds of each test's start on a busy machine. Made once per set of migrations and kept
 * under node_modules/.cache (a fresh install, perhaps of another PGlite, makes it again); processes
 * making it at once each write their own file and rename it into place.
 */
function migratedDump(): Promise<Blob> {
  dump ??= (async () => {
    const hash = createHash('sha256')
    for (const file of (await readdir(MIGRATIONS_DIR)).sort())
      hash.update(file).update(await readFile(path.join(MIGRATIONS_DIR, file)))
    const file = path.join(DUMP_DIR, `pglite-migrated-${hash.digest('hex').slice(0, 16)}.tar`)
    try {
      return new Blob([await readFile(file)])
    } catch {
      const db = await openDb({})
      await migrate(db)
      const made = await db.dump!()
      await db.close()
      await mkdir(DUMP_DIR, { recursive: true })
      await writeFile(`${file}.${process.pid}`, Buffer.from(await made.arrayBuffer()))
      await rename(`${file}.${process.pid}`, file)
      return made
    }
  })()
  return dump
}

/** The real API on a fresh database; requests go through `app.inject()`. */
/** The bot token and secret the test API signs with. */
export const TEST_BOT_TOKEN = '123456789:AAEtestBotTokenForKhanehTests_0123456'
export const TEST_SESSION_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789'

/**
 * Every per-client limit raised out of the way: test files call the API from one address far more
 * often than a person would. The rate-limit tests pass `rateLimits` and get the production numbers.
 */
export const RAISED_RATE_LIMITS = Object.fromEntries(
  Object.entries(RATE_LIMIT_POLICIES).map(([name, policy]) => [name, { ...policy, max: 100_000 }]),
) as RateLimitPolicies

export async function buildTestApi(
  t: Teardown,
  overrides: Partial<ApiOptions> = {},
): Promise<{ app: FastifyInstance; db: Db }> {
  const db = overrides.db ?? (await openTestDb(t))
  const app = await buildApi({
    db,
    logLevel: 'silent',
    publicCacheMs: 0,
    auth: {
      secret: TEST_SESSION_SECRET,
      accessTtlMs: 15 * 60_000,
      telegramBotToken: TEST_BOT_TOKEN,
      adminTelegramIds: ['777'],
    },
    rateLimits: { policies: RAISED_RATE_LIMITS },
    // a site of its own: other tests' writes on one PostgreSQL server are not heard (two APIs of one site share a channel)
    changesChannel: `khaneh_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`,
    ...overrides,
  })
  t.teardown(() => app.close())
  return { app, db }
}

/** A Telegram sign-in against the test API (its bot token): the session it answers (`token`, `refresh_token`, `user`). */
export async function telegramSession(
  app: { inject(opts: { method: 'POST'; url: string; payload: object }): PromiseLike<{ json(): { data: unknown } }> },
  id: number,
  firstName = `U${id}`,
): Promise<{ token: string; refresh_token: string; user: { id: number } & Record<string, unknown> }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/telegram-login',
    payload: signTelegramLogin({ id, first_name: firstName, auth_date: Math.floor(Date.now() / 1000) }, TEST_BOT_TOKEN),
  })
  return res.json().data as { token: string; refresh_token: string; user: { id: number } & Record<string, unknown> }
}

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** Calls `/api/v1{url}` on the test API: with a bearer token as a signed-in user, without one anonymously. */
export const apiCaller =
  (app: FastifyInstance) => (method: ApiMethod, url: string, token?: string | null, payload?: object) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload && { payload }),
    })
