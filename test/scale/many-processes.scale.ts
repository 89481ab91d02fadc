// Two product processes on one PostgreSQL behind nginx (round robin, loopback), as README's "Running on
// many machines" deploys them: each row checks, through the balancer or across the two processes, that
// nothing a visitor sees depends on which process answers. Run by `npm test` when nginx and
// TEST_DATABASE_URL are there (scripts/test.ts); on its own:
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tap --disable-coverage test/scale/many-processes.scale.ts
import { readdirSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import sharp from 'sharp'
import t from 'tap'
import { openDb } from '../../server/api/db/client.ts'
import { MIGRATIONS_DIR } from '../../server/api/db/migrate.ts'
import { SEED_FIRST_NAMES } from '../../server/api/db/seed/descriptions.ts'
import { startFakeOpenAi } from '../helpers/fake-openai.ts'
import { startFakePushService, verifyVapid, type PushRequest } from '../helpers/fake-push-service.ts'
import { makeListing, makeUser } from '../helpers/factories.ts'
import { ensureBuild, freePorts, freshDatabase, ready, startProduct, stop, tail, type Product } from './cluster.ts'
import { findNginx, startNginx } from './nginx.ts'
import { startFakeSupabaseStorage } from '../helpers/fake-supabase-storage.ts'
import { underLoad } from './load.ts'
import { ADMIN_TELEGRAM_ID, BOT_TOKEN, Visitor } from './visitors.ts'

const SERVER = process.env.TEST_DATABASE_URL
const NGINX = findNginx()
if (!SERVER || !NGINX) {
  t.fail(`needs ${!SERVER ? 'TEST_DATABASE_URL (a PostgreSQL server)' : 'nginx (apt-get install -y nginx)'}`)
  process.exit()
}

/** Access tokens this short expire within a row; long enough that a token used at once is still valid. */
const ACCESS_TOKEN_TTL_S = 10
const OPENAI_KEY = 'sk-scale-test'
/** Listings the translation row leaves to the workers of both processes. */
const TO_TRANSLATE = 6

ensureBuild()
const [balancerPort, portA, portB] = (await freePorts(3)) as [number, number, number]
const database = await freshDatabase(SERVER, `scale_${process.pid}`)
t.teardown(() => database.drop())
const openai = await startFakeOpenAi(OPENAI_KEY)
// a model takes its time: a run of the worker then lasts long enough for the other process's run to start
openai.delayMs = 300
t.teardown(() => openai.close())
const push = await startFakePushService()
t.teardown(() => push.close())
// photos in Supabase Storage (a fake of its REST API on loopback), as README's "Running on many machines" asks
const storage = await startFakeSupabaseStorage()
t.teardown(() => storage.close())

const balancerUrl = `http://127.0.0.1:${balancerPort}`
// What every process shares (README, "Running on many machines"). SESSION_SECRET and the VAPID pair are
// left out on purpose: the processes must agree on them through PostgreSQL, not through this environment.
const shared: Record<string, string> = {
  // `test`, not production: only tests may push to a push service on loopback (WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS)
  NODE_ENV: 'test',
  DATABASE_URL: database.url,
  PUBLIC_BASE_URL: balancerUrl,
  INSTANCES: '2',
  ROLE: 'all',
  DEMO_SEED: 'true',
  ACCESS_TOKEN_TTL: `${ACCESS_TOKEN_TTL_S}s`,
  TELEGRAM_BOT_TOKEN: BOT_TOKEN,
  TELEGRAM_API_BASE: 'http://127.0.0.1:9',
  ADMIN_TELEGRAM_IDS: String(ADMIN_TELEGRAM_ID),
  OPENAI_BASE_URL: openai.url,
  OPENAI_API_KEY: OPENAI_KEY,
  WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
  LOG_LEVEL: 'warn',
  SUPABASE_URL: storage.url,
  SUPABASE_SERVICE_ROLE_KEY: storage.serviceRoleKey,
  SUPABASE_STORAGE_BUCKET: 'photos',
}
const a = startProduct('A', portA, shared)
const b = startProduct('B', portB, shared)
const products: Product[] = [a, b]
t.teardown(() => Promise.all(products.map((p) => stop(p))))
t.teardown(() => {
  if (t.passing()) return
  for (const p of products) t.comment(`${p.name}'s last lines:\n${tail(p.output())}`)
})
await Promise.all(products.map((p) => ready(p)))
const nginx = await startNginx(NGINX, balancerPort, [portA, portB])
t.teardown(() => nginx.stop())

const db = await openDb({ databaseUrl: database.url, connectionTimeoutMs: 30_000 })
t.teardown(() => db.close())
// the seeded catalogue counts as translated: the workers' first runs (a minute after the start) find only the row's listings
await db.query(`UPDATE listings SET translated_at = now() WHERE translated_at IS NULL`)
const [place] = await db.query<{ id: number; key: string; country_code: string }>(
  `SELECT id, key, country_code FROM cities ORDER BY id LIMIT 1`,
)
const city = place!
const seller = await makeUser(db, { first_name: 'ScaleOwner' })
const listingIn = (status: 'active' | 'pending', description = `A bright flat near the station, ${status}.`) =>
  makeListing(db, { ownerId: seller.id, cityId: city.id, countryCode: city.country_code, status, description })
const translationWords = ['amber', 'birch', 'cedar', 'delta', 'ember', 'fjord', 'grove', 'harbor']
const toTranslate = await Promise.all(
  translationWords
    .slice(0, TO_TRANSLATE)
    .map((word) => listingIn('active', `A quiet room by the ${word} park, sunny and calm, for the translation row.`)),
)

/** A moderator signed in on `product` just now: their token is fresh, and only that process sees them. */
async function moderatorOn(product: Product): Promise<Visitor> {
  const moderator = new Visitor()
  await moderator.signIn(product.url, ADMIN_TELEGRAM_ID)
  return moderator
}

t.test('two processes started at once on a fresh database: migrations once, the demo seed once', async (t) => {
  const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'))
  const [migrations] = await db.query<{ rows: number; versions: number }>(
    `SELECT count(*)::int AS rows, count(DISTINCT version)::int AS versions FROM schema_migrations`,
  )
  t.same(migrations, { rows: files.length, versions: files.length }, 'each migration recorded once')
  const [seed] = await db.query<{ markers: number; owners: number; listings: number }>(
    `SELECT (SELECT count(*)::int FROM demo_seed) AS markers,
            (SELECT count(*)::int FROM users WHERE auth_method = 'seed' AND id <> $1) AS owners,
            (SELECT count(*)::int FROM listings WHERE owner_id <> $1) AS listings`,
    [seller.id],
  )
  t.same(seed, { markers: 1, owners: SEED_FIRST_NAMES.length, listings: 360 }, 'one catalogue, not two')
})

t.test('a token one process issued is accepted by the other (one SESSION_SECRET)', async (t) => {
  for (const [from, to] of [
    [a, b],
    [b, a],
  ] as const) {
    const visitor = new Visitor()
    await visitor.signIn(from.url, 7_000_100 + from.port)
    // the access token alone: without the refresh token, the other process cannot renew it
    const res = await visitor.call(to.url, '/api/v1/users/profile', {}, (name) => name.endsWith('_at'))
    t.equal(res.status, 200, `signed in on ${from.name}, read on ${to.name}`)
  }
})

t.test('parallel calls after the access token expired: none refused, nobody signed out', async (t) => {
  const visitors = Array.from({ length: 6 }, () => new Visitor())
  await Promise.all(visitors.map((v, i) => v.signIn(balancerUrl, 7_000_200 + i)))
  await sleep((ACCESS_TOKEN_TTL_S + 1) * 1000)
  // a returning visitor's page asks several things at once, spread by the balancer over both processes
  const paths = ['/api/v1/users/profile', '/api/v1/users/summary', '/api/v1/favorites', '/api/v1/alerts']
  const answers = await Promise.all(
    visitors.flatMap((v) =>
      paths.map((p) => v.call(balancerUrl, p).then((res) => (void res.body?.cancel(), res.status))),
    ),
  )
  t.equal(answers.filter((s) => s === 401).length, 0, `of ${answers.length} calls, none refused`)
  t.same([...new Set(answers)], [200], 'every call answered')
  t.equal(visitors.filter((v) => v.jar.cleared > 0).length, 0, 'no visitor had their cookies cleared')
  const after = await Promise.all(
    visitors.map((v) => v.call(balancerUrl, '/api/v1/users/profile').then((r) => r.status)),
  )
  t.same(after, Array(visitors.length).fill(200), 'every visitor is still signed in afterwards')
})

t.test('a photo uploaded on one process is read on the other, and always through the balancer', async (t) => {
  const owner = new Visitor()
  await owner.signIn(balancerUrl, 7_000_300)
  const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#0f766e' } })
    .jpeg()
    .toBuffer()
  const form = new FormData()
  form.append('photos', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'room.jpg')
  const res = await owner.call(a.url, '/api/v1/upload/photos', { method: 'POST', body: form })
  t.equal(res.status, 200, 'uploaded on A')
  const [photo] = ((await res.json()) as { data: { photos: Array<{ url: string; thumb_url: string }> } }).data.photos
  const seeded = (await (await fetch(`${b.url}/api/v1/listings?limit=1&language=en`)).json()) as {
    data: { listings: Array<{ photos: Array<{ url: string }> }> }
  }
  const seedPhoto = seeded.data.listings[0]?.photos[0]?.url
  t.ok(seedPhoto, 'a seeded listing has a photo')
  for (const url of [photo!.url, photo!.thumb_url, seedPhoto!]) {
    const [onA, onB] = await Promise.all([fetch(`${a.url}${url}`), fetch(`${b.url}${url}`)])
    const [bytesA, bytesB] = await Promise.all([onA.arrayBuffer(), onB.arrayBuffer()])
    t.same([onA.status, onB.status], [200, 200], `${url} on A and on B`)
    t.ok(Buffer.from(bytesA).equals(Buffer.from(bytesB)), 'the same bytes')
    const through = await Promise.all(
      Array.from({ length: 6 }, () => fetch(`${balancerUrl}${url}`).then((r) => (void r.body?.cancel(), r.status))),
    )
    t.same(through, Array(6).fill(200), `${url} through the balancer, six times`)
  }
})

t.test('a write on one process is visible on the other within a second', async (t) => {
  const listing = await listingIn('pending')
  const page = `/en/listing/${listing.slug}`
  const json = `/api/v1/listings/${listing.id}?language=en`
  // B has read it (not found) just before: whatever it keeps of that must not outlive the write
  for (const p of [json, page]) t.equal((await fetch(`${b.url}${p}`)).status, 404, `${p} not found on B before`)
  await (await moderatorOn(a)).json(a.url, 'PUT', `/api/v1/admin/listings/${listing.id}/status`, { status: 'active' })
  const approved = performance.now()
  const seen = async (p: string) => {
    for (;;) {
      const status = (await fetch(`${b.url}${p}`)).status
      if (status === 200) return true
      if (performance.now() - approved > 1_000) return false
      await sleep(50)
    }
  }
  const [jsonSeen, pageSeen] = await Promise.all([seen(json), seen(page)])
  t.ok(jsonSeen, 'the listing (JSON) on B within 1 s of its approval on A')
  t.ok(pageSeen, 'its page on B within 1 s of its approval on A')
})

/** The pushes of the alert row, for the row on their keys. */
const alertPushes: { endpoint: string; requests: PushRequest[] } = { endpoint: '', requests: [] }

t.test('an alert is delivered once, whichever process approved its listing', async (t) => {
  const renter = new Visitor()
  await renter.signIn(a.url, 7_000_400)
  await renter.json(a.url, 'POST', '/api/v1/alerts', { name: 'Scale', filters: { city: city.key }, channels: ['push'] })
  const browser = push.subscribe()
  await renter.json(a.url, 'POST', '/api/v1/alerts/push-subscriptions', {
    endpoint: browser.endpoint,
    keys: browser.keys,
  })
  const listings = await Promise.all([1, 2, 3, 4].map(() => listingIn('pending')))
  // approved on both processes, so both outbox workers are woken
  const moderators = [await moderatorOn(a), await moderatorOn(b)]
  await Promise.all(
    listings.map((l, i) =>
      moderators[i % 2]!.json([a, b][i % 2]!.url, 'PUT', `/api/v1/admin/listings/${l.id}/status`, { status: 'active' }),
    ),
  )
  const mine = () => push.requests.filter((r) => r.path === new URL(browser.endpoint).pathname)
  for (let waited = 0; mine().length < listings.length && waited < 20_000; waited += 200) await sleep(200)
  await sleep(3_000) // the outbox polls every 2 s: a second delivery would have come by now
  const delivered = mine().map((r) => (JSON.parse(browser.decrypt(r.body)) as { data: { listing_id: number } }).data)
  t.same(
    delivered.map((d) => d.listing_id).sort((x, y) => x - y),
    listings.map((l) => l.id).sort((x, y) => x - y),
    'one push per approved listing',
  )
  Object.assign(alertPushes, { endpoint: browser.endpoint, requests: mine() })
})

t.test('every push is signed with the one VAPID key the pages of both processes carry', async (t) => {
  const { endpoint, requests } = alertPushes
  t.ok(requests.length > 0, 'pushes to check (the alert row delivered them)')
  const keys = new Set(
    await Promise.all(
      requests.map(async (r) => (await verifyVapid(r.headers.authorization as string, endpoint)).publicKey),
    ),
  )
  t.equal(keys.size, 1, 'every push signed with one key')
  const pageKeys = await Promise.all(
    [a, b].map(
      async (p) => /vapidPublicKey"?\s*:\s*"([A-Za-z0-9_-]{87})"/.exec(await (await fetch(`${p.url}/en`)).text())?.[1],
    ),
  )
  t.same(pageKeys, [[...keys][0], [...keys][0]], "the key the pages of A and of B give browsers, the pushes' key")
})

t.test('rate limits are shared: one client meets the same limit wherever its calls land', async (t) => {
  const address = new Visitor().address
  // 14 sign-ins from one address at once, half to each process: the limit is 10 a minute (server/api/rate-limit/limits.ts)
  const statuses = await Promise.all(
    Array.from({ length: 14 }, (_, i) => new Visitor(address).trySignIn([a, b][i % 2]!.url, 7_000_500 + i)),
  )
  t.equal(statuses.filter((s) => s === 200).length, 10, '10 signed in')
  t.equal(statuses.filter((s) => s === 429).length, 4, 'the other 4 refused with 429')
})

t.test('each listing is translated once, by one of the two workers', async (t) => {
  const ids = toTranslate.map((l) => l.id)
  const deadline = Date.now() + 150_000
  let done = 0
  while (Date.now() < deadline) {
    const [row] = await db.query<{ done: number }>(
      `SELECT count(*)::int AS done FROM listings WHERE id = ANY($1::int[]) AND translated_at IS NOT NULL`,
      [ids],
    )
    done = row!.done
    if (done === ids.length) break
    await sleep(1_000)
  }
  t.equal(done, ids.length, 'every listing translated')
  await sleep(2_000) // a second worker's call in flight would land by now
  const ours = openai.requests.filter((r) =>
    translationWords.some((w) => r.messages.at(-1)?.content.includes(`${w} park`)),
  )
  const perText = new Map<string, number>()
  for (const r of ours) {
    const key = `${r.messages.at(-1)?.content} → ${r.messages[0]?.content.match(/\(([a-z]{2})-[A-Z]{2}\)/)?.[1]}`
    perText.set(key, (perText.get(key) ?? 0) + 1)
  }
  t.equal(ours.length, ids.length * 5, `${ids.length} listings × 5 languages: ${ids.length * 5} paid calls`)
  t.same([...new Set(perText.values())], [1], 'no text translated into a language twice')
})

t.test('SIGTERM of one process under load through the balancer: no request fails', async (t) => {
  const listed = (await (await fetch(`${balancerUrl}/api/v1/listings?limit=1&language=en`)).json()) as {
    data: { listings: Array<{ slug: string; photos: Array<{ thumb_url: string }> }> }
  }
  const first = listed.data.listings[0]!
  const paths = ['/en/listings', `/en/listing/${first.slug}`, '/api/v1/listings?limit=5&language=en', '/healthz']
  if (first.photos[0]) paths.push(first.photos[0].thumb_url)
  const exited = b.exited
  const result = await underLoad(balancerUrl, paths, { concurrency: 12, durationMs: 12_000 }, async () => {
    await sleep(3_000)
    b.child.kill('SIGTERM')
    return exited
  })
  t.equal(result.during, 0, `B exited 0 (its stop in order)`)
  t.ok(result.before > 0 && result.after > 0, `requests before (${result.before}) and after (${result.after}) B exited`)
  t.same(result.failures, [], `of ${result.total} requests, none failed`)
  t.equal((await fetch(`${a.url}/readyz`)).status, 200, 'A still ready')
})
