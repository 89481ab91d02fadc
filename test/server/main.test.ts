import { spawn } from 'node:child_process'
import t from 'tap'
import { openDb } from '../../server/api/db/client.ts'
import { migrate } from '../../server/api/db/migrate.ts'
import { loadConfig } from '../../server/config.ts'
import { startService, type Service } from '../../server/main.ts'
import { tempDir } from '../helpers/build-gateway.ts'
import { leaveHalfSeed } from '../helpers/demo-seed.ts'

t.test('service lifecycle', async (t) => {
  const config = loadConfig({
    DATA_DIR: tempDir(t),
    PORT: '0',
    HOST: '127.0.0.1',
    DEMO_SEED: 'false',
    LOG_LEVEL: 'silent',
  })
  const service = await startService(config, { drainMs: 300 })
  let closed = false
  t.teardown(() => (closed ? undefined : service.close()))

  t.equal((await fetch(`${service.url}/readyz`)).status, 200, 'ready once started')
  const page = await fetch(`${service.url}/en/listings`)
  t.equal(page.status, 200, 'an empty marketplace still renders')

  await t.test('SIGTERM path: readiness 503 first, in-flight requests finish, then the listener closes', async (t) => {
    const inFlight = fetch(`${service.url}/en/listings`).then(async (res) => ({
      status: res.status,
      body: await res.text(),
    }))
    const closing = service.close().then(() => {
      closed = true
    })
    const ready = await fetch(`${service.url}/readyz`)
    t.equal(ready.status, 503, 'readiness turns 503 while draining')
    const finished = await inFlight
    t.equal(finished.status, 200)
    t.match(finished.body, /<\/html>$/, 'the streamed page completed')
    await closing
    await t.rejects(fetch(`${service.url}/healthz`), 'nothing listens any more')
  })
})

t.test('DEMO_SEED=true on a database a seed was cut short on', async (t) => {
  const dataDir = tempDir(t)
  const half = await openDb({ dataDir })
  await migrate(half)
  await leaveHalfSeed(half)
  await half.close()
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO_SEED: 'true', LOG_LEVEL: 'silent' })
  const listingsOf = async (service: Service) =>
    (await service.db!.query<{ n: number }>('SELECT count(*)::int AS n FROM listings'))[0]!.n

  const first = await startService(config)
  try {
    t.equal(await listingsOf(first), 360, 'the start completes the seed')
    t.equal((await fetch(`${first.url}/readyz`)).status, 200, 'and serves')
  } finally {
    await first.close()
  }
  const again = await startService(config)
  try {
    t.equal(await listingsOf(again), 360, 'the next start adds nothing')
  } finally {
    await again.close()
  }
})

t.test('a start told it is one of many (INSTANCES=2) with photos on disk stops with one line', async (t) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      SUPABASE_URL: undefined,
      TELEGRAM_BOT_TOKEN: undefined,
      TELEGRAM_STORAGE_CHAT_ID: undefined,
      NODE_ENV: 'production',
      INSTANCES: '2',
      DATA_DIR: tempDir(t),
      PORT: '0',
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  t.teardown(() => child.kill('SIGKILL'))
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  t.equal(code, 1, 'exit code 1')
  const lines = output.split('\n').filter(Boolean)
  t.equal(lines.length, 1, `one line: ${output}`)
  t.match(lines[0], /INSTANCES is more than 1, but photos would be kept on this machine's disk: set SUPABASE_URL/)
})
