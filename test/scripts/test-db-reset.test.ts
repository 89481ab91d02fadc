// A test database handed out again (test/helpers/build-api.ts, test/helpers/test-db-reset.ts) is as new.
import t from 'tap'
import type { Db } from '../../server/api/db/client.ts'
import { openTestDb } from '../helpers/build-api.ts'

/** Which database instance this is: PGlite's start time differs between instances of one process. */
const instance = async (db: Db) =>
  (
    (await db.query<{ started: string }>('SELECT pg_postmaster_start_time()::text AS started')) as [{ started: string }]
  )[0].started
const pglite = process.env.KHANEH_TEST_DB !== 'postgres'

/** What a fresh test database holds where a test would leave traces. */
async function traces(db: Db) {
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT (SELECT count(*)::int FROM users) AS users,
            (SELECT count(*)::int FROM schema_migrations) AS migrations,
            current_setting('statement_timeout') AS statement_timeout,
            to_regclass('pg_temp.left_behind') IS NULL AS no_temporary_table`,
  )
  const [user] = await db.query<{ id: number }>(
    "INSERT INTO users (first_name, auth_method, referral_code) VALUES ('first', 'seed', 'R-FIRST') RETURNING id",
  )
  return { ...row, first_user_id: user?.id }
}

let first: { instance: string; traces: Record<string, unknown> } | undefined

t.test('a test leaves rows, a setting, a temporary table and a used sequence behind', async (t) => {
  const db = await openTestDb(t)
  first = { instance: await instance(db), traces: await traces(db) }
  for (let n = 0; n < 3; n++)
    await db.query("INSERT INTO users (first_name, auth_method, referral_code) VALUES ('more', 'seed', $1)", [`R-${n}`])
  await db.exec("SET statement_timeout = '1234ms'; CREATE TEMPORARY TABLE left_behind (n int)")
})

t.test('the next test database is as new (on PGlite, the same instance reset)', async (t) => {
  const db = await openTestDb(t)
  t.same(await traces(db), first?.traces, 'no rows, settings, temporary tables or used ids of the test before')
  if (pglite) t.equal(await instance(db), first?.instance, 'the instance of the test before')
})

t.test('a test that changes the schema leaves its database closed, never handed out again', async (t) => {
  let changed = ''
  await t.test('changes it', async (t) => {
    const db = await openTestDb(t)
    changed = await instance(db)
    await db.exec('ALTER TABLE users ADD COLUMN nickname text')
  })
  const db = await openTestDb(t)
  if (pglite) t.not(await instance(db), changed, 'another instance')
  t.same(
    await db.query(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'nickname'",
    ),
    [],
  )
})

t.test('two test databases alive at once are two databases', async (t) => {
  const [a, b] = [await openTestDb(t), await openTestDb(t)]
  await a.query("INSERT INTO users (first_name, auth_method, referral_code) VALUES ('only in a', 'seed', 'R-A')")
  t.same(await b.query("SELECT id FROM users WHERE first_name = 'only in a'"), [])
})

// (on PostgreSQL a test database is never handed out again, and closes once)
if (pglite)
  t.test('a test database closed by its test stays closed', async (t) => {
    await t.test('closes it', async (t) => {
      const db = await openTestDb(t)
      await db.close()
      await t.rejects(db.query('SELECT 1'))
    })
    const db = await openTestDb(t)
    t.same(await db.query<{ one: number }>('SELECT 1 AS one'), [{ one: 1 }])
  })
