import { readdir } from 'node:fs/promises'
import t, { type Test } from 'tap'
import { openDb, type Db } from '../../../../server/api/db/client.ts'
import { migrate, MIGRATIONS_DIR } from '../../../../server/api/db/migrate.ts'
import { REAL_POSTGRES_URL } from '../../../helpers/tcp-proxy.ts'

/** An empty database (PGlite in memory, or a new schema on the PostgreSQL of KHANEH_TEST_DB) as `count` processes reach it. */
async function emptyDatabase(t: Test, count: number): Promise<Db[]> {
  if (process.env.KHANEH_TEST_DB !== 'postgres') {
    const db = await openDb({})
    t.teardown(() => db.close())
    // one process per PGlite database: its starts are one process's
    return Array.from({ length: count }, () => db)
  }
  const schema = `t_migrate_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const admin = await openDb({ databaseUrl: REAL_POSTGRES_URL })
  await admin.exec(`CREATE SCHEMA ${schema}`)
  const scoped = new URL(REAL_POSTGRES_URL)
  scoped.searchParams.set('options', `-c search_path=${schema}`)
  const dbs = await Promise.all(Array.from({ length: count }, () => openDb({ databaseUrl: scoped.toString() })))
  t.teardown(async () => {
    await Promise.all(dbs.map((db) => db.close()))
    await admin.exec(`DROP SCHEMA ${schema} CASCADE`)
    await admin.close()
  })
  return dbs
}

t.test('migrate', async (t) => {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort()

  await t.test(
    'three starts migrating one empty database at once: each migration named by the one that ran it',
    async (t) => {
      const dbs = await emptyDatabase(t, 3)
      const applied = await Promise.all(dbs.map((db) => migrate(db)))
      t.same(applied.flat().sort(), files, 'every migration named once, by one start')
      const [row] = await dbs[0]!.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations')
      t.equal(row!.n, files.length, 'and recorded once')
      t.same(await migrate(dbs[1]!), [], 'a later start names none')
    },
  )
})
