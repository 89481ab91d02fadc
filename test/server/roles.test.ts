import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import t, { type Test } from 'tap'
import { readdir } from 'node:fs/promises'
import { openDb } from '../../server/api/db/client.ts'
import { migrate, MIGRATIONS_DIR } from '../../server/api/db/migrate.ts'
import { loadConfig } from '../../server/config.ts'
import { startService, type Service } from '../../server/main.ts'
import { TEST_BOT_TOKEN, TEST_PG_CONNECTION_TIMEOUT_MS } from '../helpers/build-api.ts'
import { tempDir } from '../helpers/build-gateway.ts'
import { signTelegramLogin } from '../helpers/telegram.ts'

// Process roles (docs/decisions/031-process-roles.md) and shared keys (docs/decisions/030-shared-secrets-and-keys.md),
// as an operator runs them: API processes on one real PostgreSQL, a pure gateway in front of one.

const POSTGRES = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/** A private schema of the real PostgreSQL, dropped after the test: its URL, for every process of the test. */
async function privateDatabase(t: Test): Promise<string> {
  const schema = `roles_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const admin = await openDb({ databaseUrl: POSTGRES, connectionTimeoutMs: TEST_PG_CONNECTION_TIMEOUT_MS })
  await admin.exec(`CREATE SCHEMA ${schema}`)
  t.teardown(async () => {
    await admin.exec(`DROP SCHEMA ${schema} CASCADE`)
    await admin.close()
  })
  const scoped = new URL(POSTGRES)
  scoped.searchParams.set('options', `-c search_path=${schema}`)
  return scoped.toString()
}

/** A process of the given role (its own DATA_DIR), closed after the test unless the test closed it. */
async function start(t: Test, env: Record<string, string>, options: { drainMs?: number } = {}) {
  const service = await startService(
    loadConfig({ HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: tempDir(t), ...env }),
    options,
  )
  let closing: Promise<void> | undefined
  const close = () => (closing ??= service.close())
  t.teardown(close)
  return { ...service, close } satisfies Service
}

const telegramLogin = (id: number) =>
  signTelegramLogin({ id, first_name: `U${id}`, auth_date: Math.floor(Date.now() / 1000) }, TEST_BOT_TOKEN)

async function signIn(apiUrl: string, id: number): Promise<string> {
  const res = await fetch(`${apiUrl}/api/v1/auth/telegram-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(telegramLogin(id)),
  })
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`)
  return ((await res.json()) as { data: { token: string } }).data.token
}

t.test('five processes migrating one empty PostgreSQL at once all start', async (t) => {
  const databaseUrl = await privateDatabase(t)
  const pools = await Promise.all(
    Array.from({ length: 5 }, () => openDb({ databaseUrl, connectionTimeoutMs: TEST_PG_CONNECTION_TIMEOUT_MS })),
  )
  t.teardown(() => Promise.all(pools.map((db) => db.close())))
  const results = await Promise.allSettled(pools.map((db) => migrate(db)))
  t.same(
    results.map((r) => r.status),
    Array(5).fill('fulfilled'),
    'no start fails on another creating the migration log',
  )
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql'))
  const [{ n }] = (await pools[0]!.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations')) as [
    { n: number },
  ]
  t.equal(n, files.length, 'every migration applied once')
})

t.test('API processes started at once on one PostgreSQL share the session secret and the push key', async (t) => {
  const databaseUrl = await privateDatabase(t)
  const env = { ROLE: 'api', DATABASE_URL: databaseUrl, TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, DEMO_SEED: 'false' }
  const [a, b] = await Promise.all([start(t, env), start(t, env)])

  const token = await signIn(a.url, 5001)
  const profile = await fetch(`${b.url}/api/v1/users/profile`, { headers: { authorization: `Bearer ${token}` } })
  t.equal(profile.status, 200, 'B accepts the access token A issued')

  const keyOf = async (service: { url: string }) =>
    ((await (await fetch(`${service.url}/api/v1/push/public-key`)).json()) as { data: { vapid_public_key: string } })
      .data.vapid_public_key
  const [keyA, keyB] = await Promise.all([keyOf(a), keyOf(b)])
  t.match(keyA, /^B[A-Za-z0-9_-]{86}$/, 'a VAPID public key')
  t.equal(keyB, keyA, 'both sign pushes with one key pair')
  const rows = await a.db!.query<{ name: string }>('SELECT name FROM service_keys ORDER BY name')
  t.same(
    rows.map((r) => r.name),
    ['session_secret', 'vapid'],
    'kept once in the database',
  )
})

t.test('an API process: its own address, TRUST_PROXY, and a readiness a balancer can follow', async (t) => {
  const databaseUrl = await privateDatabase(t)
  // the balancer in front of it is 192.0.2.1: a caller on loopback is no proxy of its
  const api = await start(
    t,
    { ROLE: 'api', DATABASE_URL: databaseUrl, TRUST_PROXY: '192.0.2.1', DEMO_SEED: 'false' },
    { drainMs: 500 },
  )
  t.equal(api.gateway, null, 'no gateway')
  t.match(api.url, /^http:\/\/127\.0\.0\.1:\d+$/, 'listening on HOST:PORT')
  t.equal((await fetch(`${api.url}/api/v1/health`)).status, 200, 'ready')

  // sign-in allows 10 a minute per client: a caller that names another client each time is still one client
  const statuses: number[] = []
  for (let i = 1; i <= 11; i++) {
    const res = await fetch(`${api.url}/api/v1/auth/telegram-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}` },
      body: '{}',
    })
    statuses.push(res.status)
  }
  t.same(statuses.slice(0, 10), Array(10).fill(400), 'ten refused for their body')
  t.equal(statuses[10], 429, 'the eleventh limited: X-Forwarded-For from an untrusted peer is not believed')

  const closing = api.close()
  const draining = await fetch(`${api.url}/api/v1/health`)
  t.equal(draining.status, 503, 'readiness turns 503 while draining, before the listener closes')
  t.equal(((await draining.json()) as { error: { code: string } }).error.code, 'SERVICE_UNAVAILABLE')
  await closing
  await t.rejects(fetch(`${api.url}/api/v1/health`), 'then nothing listens')
})

t.test('a pure gateway in front of an API process: pages, the API, photos and the push key', async (t) => {
  const databaseUrl = await privateDatabase(t)
  const api = await start(t, {
    ROLE: 'api',
    DATABASE_URL: databaseUrl,
    TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
    DEMO_SEED: 'false',
  })
  const gateway = await start(t, { ROLE: 'gateway', API_URL: api.url })
  t.equal(gateway.api, null, 'no API of its own')
  t.equal(gateway.db, null, 'and no database')

  t.equal((await fetch(`${gateway.url}/readyz`)).status, 200, 'ready: the API answers')
  const page = await fetch(`${gateway.url}/en/listings`)
  t.equal(page.status, 200, 'a page')
  const html = await page.text()

  const search = await fetch(`${gateway.url}/api/v1/listings`)
  t.equal(search.status, 200, 'the API proxy')
  t.equal(((await search.json()) as { success: boolean }).success, true)

  const signedIn = await fetch(`${gateway.url}/api/v1/auth/telegram-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: gateway.url },
    body: JSON.stringify(telegramLogin(5101)),
  })
  t.equal(signedIn.status, 200, 'a sign-in through the gateway')
  const cookies = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const profile = await fetch(`${gateway.url}/api/v1/users/profile`, { headers: { cookie: cookies } })
  t.equal(profile.status, 200, 'and the session it opened')

  const token = await signIn(api.url, 5102)
  const form = new FormData()
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer()
  form.append('photos', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'flat.jpg')
  const upload = await fetch(`${api.url}/api/v1/upload/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  t.equal(upload.status, 200, 'a photo stored by the API')
  const [stored] = ((await upload.json()) as { data: { photos: { file_id: string; thumb_file_id: string }[] } }).data
    .photos
  for (const fileId of [stored!.file_id, stored!.thumb_file_id]) {
    const photo = await fetch(`${gateway.url}/api/telegramFile/${fileId}`)
    t.equal(photo.status, 200, 'served by the gateway, which has no store')
    t.equal(photo.headers.get('content-type'), 'image/webp')
    t.equal(photo.headers.get('etag'), `"${fileId}"`)
    t.equal(photo.headers.get('cache-control'), 'public, max-age=31536000, immutable')
    const body = Buffer.from(await photo.arrayBuffer())
    t.equal((await sharp(body).metadata()).format, 'webp', 'the whole image')
    const again = await fetch(`${gateway.url}/api/telegramFile/${fileId}`, {
      headers: { 'if-none-match': `"${fileId}"` },
    })
    t.equal(again.status, 304, 'and revalidated without asking the API')
  }
  const missing = await fetch(`${gateway.url}/api/telegramFile/unknownPhotoId123`)
  t.equal(missing.status, 404, 'an unknown photo is not found')
  t.equal(missing.headers.get('cache-control'), 'no-store')

  const [vapid] = await api.db!.query<{ value: string }>(`SELECT value FROM service_keys WHERE name = 'vapid'`)
  const { publicKey } = JSON.parse(vapid!.value) as { publicKey: string }
  t.ok(html.includes(publicKey), 'the page hands browsers the key the API signs pushes with')
})

t.test('a gateway whose API never answers stops its start with one line', async (t) => {
  const { vapidPublicKeyOf, ApiUnavailableError } = await import('../../server/gateway/push-key.ts')
  // a port nothing listens on any more
  const server = createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  const lines: string[] = []
  const failed = await vapidPublicKeyOf(`http://127.0.0.1:${port}`, {
    log: (line) => lines.push(line),
    attempts: 3,
    backoffMs: () => 10,
  }).catch((err: unknown) => err)
  t.ok(failed instanceof ApiUnavailableError, 'the start stops (main.ts prints the line and exits 1)')
  t.equal(
    (failed as Error).message,
    `The API at http://127.0.0.1:${port} did not answer after 3 attempts (ECONNREFUSED)`,
  )
  t.equal(lines.length, 2, 'one line per attempt retried')
  t.match(lines[0], /^api\.unavailable: ECONNREFUSED; attempt 1 of 3, retrying in 0\.01 s$/)
})
