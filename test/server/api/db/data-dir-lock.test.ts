import { spawn, spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import t, { type Test } from 'tap'
import { openDb } from '../../../../server/api/db/client.ts'
import { migrate } from '../../../../server/api/db/migrate.ts'
import { tempDir } from '../../../helpers/build-gateway.ts'
import { makeUser } from '../../../helpers/factories.ts'

const TELEGRAM_ID = '424242'

/** A script as npm runs it (`npm run admin -- …`, `npm run db:migrate`, `npm start`), on the PGlite under `dataDir`: its exit code and everything it printed. */
function runScript(dataDir: string, args: string[]): Promise<{ code: number | null; output: string }> {
  // a start's address in this suite's range; SMTP set so that the start logs only what stops it
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    DATA_DIR: dataDir,
    PORT: '4573',
    HOST: '127.0.0.1',
    SMTP_URL: 'smtp://127.0.0.1:4574',
  }
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => void (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => void (output += chunk))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })))
}

/** The PGlite under `dataDir`, migrated, with a user who signed in with Telegram. */
async function databaseWithUser(dataDir: string) {
  const db = await openDb({ dataDir })
  await migrate(db)
  const { id } = await makeUser(db)
  await db.query(`UPDATE users SET telegram_id = $2 WHERE id = $1`, [id, TELEGRAM_ID])
  return db
}

async function roleOf(dataDir: string): Promise<string> {
  const db = await openDb({ dataDir })
  try {
    return (await db.query<{ role: string }>(`SELECT role FROM users WHERE telegram_id = $1`, [TELEGRAM_ID]))[0]!.role
  } finally {
    await db.close()
  }
}

/** One line, no stack frames. */
function assertOneLine(t: Test, output: string) {
  t.equal(output.trim().split('\n').length, 1, `one line: ${output}`)
  t.notMatch(output, /^\s+at /m, 'no stack trace')
}

t.test('the embedded database takes one process at a time', async (t) => {
  await t.test(
    'npm run admin while the server holds the database refuses with one line and changes nothing',
    async (t) => {
      const dataDir = tempDir(t)
      const server = await databaseWithUser(dataDir)
      const lock = readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')
      t.equal(lock.trim(), String(process.pid), "the lock file names the holder's pid")

      const refused = await runScript(dataDir, ['scripts/admin.ts', 'grant', TELEGRAM_ID])
      t.equal(refused.code, 1, 'exit code 1')
      assertOneLine(t, refused.output)
      t.match(
        refused.output,
        new RegExp(`^admin: The embedded database in ${dataDir} is in use by process ${process.pid}`),
      )
      t.match(refused.output, /stop that process \(the server\) first, or set DATABASE_URL/)
      t.notMatch(refused.output, /granted/)

      const migrating = await runScript(dataDir, ['scripts/db.ts', 'migrate'])
      t.equal(migrating.code, 1, 'npm run db:migrate refuses too')
      assertOneLine(t, migrating.output)
      t.match(migrating.output, /^db: The embedded database .* is in use by process/)

      const start = await runScript(dataDir, ['server/main.ts'])
      t.equal(start.code, 1, 'a second server stops')
      assertOneLine(t, start.output)
      t.match(JSON.parse(start.output), { level: 60, msg: /^The embedded database in .* is in use by process/ })

      await server.close()
      const granted = await runScript(dataDir, ['scripts/admin.ts', 'grant', TELEGRAM_ID])
      t.equal(granted.code, 0, `once the server stopped it runs: ${granted.output}`)
      t.match(granted.output, `admin: granted to ${TELEGRAM_ID}`)
      t.equal(await roleOf(dataDir), 'admin', 'and the change is kept')
    },
  )

  await t.test('a lock left by a process that is gone is taken over', async (t) => {
    const dataDir = tempDir(t)
    await (await databaseWithUser(dataDir)).close()
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' })
    writeFileSync(path.join(dataDir, 'pglite.lock'), `${gone.stdout}\n`)
    const granted = await runScript(dataDir, ['scripts/admin.ts', 'grant', TELEGRAM_ID])
    t.equal(granted.code, 0, granted.output)
    t.equal(await roleOf(dataDir), 'admin')
  })

  await t.test('a second open in the same process is refused too; closing frees it', async (t) => {
    const dataDir = tempDir(t)
    const first = await openDb({ dataDir })
    await t.rejects(openDb({ dataDir }), { name: 'DatabaseStartError', message: /is in use by process/ })
    await first.close()
    const again = await openDb({ dataDir })
    await again.close()
  })
})
