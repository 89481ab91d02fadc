import { spawn } from 'node:child_process'
import { readdir } from 'node:fs/promises'
import t, { type Test } from 'tap'
import { openDb, type Db } from '../../../../server/api/db/client.ts'
import { migrate, MIGRATIONS_DIR } from '../../../../server/api/db/migrate.ts'
import { tempDir } from '../../../helpers/build-gateway.ts'
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

/** `npm run db:migrate` as npm runs it, on `databaseUrl`: what it printed. */
function dbMigrate(t: Test, databaseUrl: string): Promise<{ code: number | null; output: string }> {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    DATA_DIR: tempDir(t),
    DATABASE_URL: databaseUrl,
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/db.ts', 'migrate'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  t.teardown(() => void child.kill('SIGKILL'))
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => void (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => void (output += chunk))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })))
}

t.test('npm run db:migrate from two processes at once on an empty PostgreSQL database', async (t) => {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort()
  const schema = `t_migrate_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const admin = await openDb({ databaseUrl: REAL_POSTGRES_URL })
  await admin.exec(`CREATE SCHEMA ${schema}`)
  t.teardown(async () => {
    await admin.exec(`DROP SCHEMA ${schema} CASCADE`)
    await admin.close()
  })
  const scoped = new URL(REAL_POSTGRES_URL)
  scoped.searchParams.set('options', `-c search_path=${schema}`)
  const runs = await Promise.all([dbMigrate(t, scoped.toString()), dbMigrate(t, scoped.toString())])
  const named: string[] = []
  for (const { code, output } of runs) {
    t.equal(code, 0, output)
    const line = output.trim()
    if (line !== 'migrations: up to date') named.push(...line.replace(/^migrated: /, '').split(', '))
  }
  t.same(named.sort(), files, 'each migration named once, by the process that applied it')
})
