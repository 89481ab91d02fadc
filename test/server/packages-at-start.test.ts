// What a process loads at start: what most deployments never use is imported when it is configured or
// first used, so it costs no memory otherwise (docs/decisions/035-memory-of-one-process.md).
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import t from 'tap'
import { tempDir } from '../helpers/build-gateway.ts'
import { REAL_POSTGRES_URL } from '../helpers/tcp-proxy.ts'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const CHILD = path.join(ROOT, 'test/helpers/packages-at-start.ts')
/** Node's arguments in package.json's `start` script, its script (scripts/start.ts) last. */
const START = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .slice(1)

/**
 * Starts the service in a process of its own, with Node's arguments as `npm start` gives them and `env`,
 * asks it for a page, and lists the packages it loaded.
 */
async function packagesAtStart(env: Record<string, string>): Promise<string[]> {
  const child = spawn(process.execPath, [...START.slice(0, -1), CHILD], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  if (code !== 0) throw new Error(`the service's process exited with ${code}: ${err}`)
  return JSON.parse(out.trim().split('\n').at(-1)!) as string[]
}

/** Packages that only some deployments use, each loaded when configured or on first use. */
const ON_DEMAND = [
  '@electric-sql/pglite',
  'stripe',
  'nodemailer',
  'ioredis',
  'sharp',
  'web-push',
  'firebase-admin',
  '@supabase/supabase-js',
]

t.test('on PostgreSQL with the defaults, none of what only some deployments use is loaded', async (t) => {
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const admin = new pg.Client({ connectionString: REAL_POSTGRES_URL })
  await admin.connect()
  await admin.query(`CREATE SCHEMA ${schema}`)
  t.teardown(async () => {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`)
    await admin.end()
  })
  const url = new URL(REAL_POSTGRES_URL)
  url.searchParams.set('options', `-c search_path=${schema}`)
  const loaded = await packagesAtStart({ DATABASE_URL: url.toString(), DATA_DIR: tempDir(t), DEMO_SEED: 'false' })
  t.ok(loaded.includes('pg'), 'the PostgreSQL driver is loaded (the list is what it says)')
  t.ok(loaded.includes('react-dom'), 'and the page renderer')
  t.same(
    ON_DEMAND.filter((name) => loaded.includes(name)),
    [],
    'no PGlite, Stripe, nodemailer, ioredis, sharp, web-push, firebase-admin or supabase-js',
  )
})

t.test('configured, they are loaded at start: PGlite without DATABASE_URL, Stripe, SMTP', async (t) => {
  const loaded = await packagesAtStart({
    DATA_DIR: tempDir(t),
    DEMO_SEED: 'false',
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_1',
    STRIPE_WEBHOOK_SECRET: 'whsec_1',
    SMTP_URL: 'smtp://127.0.0.1:2525',
  })
  t.same(
    ON_DEMAND.filter((name) => loaded.includes(name)),
    ['@electric-sql/pglite', 'stripe', 'nodemailer'],
  )
})
