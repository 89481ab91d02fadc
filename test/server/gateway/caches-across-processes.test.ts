import t, { type Test } from 'tap'
import type { Db } from '../../../server/api/db/client.ts'
import { buildTestApi, openTestDb } from '../../helpers/build-api.ts'
import { buildTestGateway, signInThroughGateway } from '../../helpers/build-gateway.ts'
import { makeCity, makeCountry, makeListing } from '../../helpers/factories.ts'

// Two processes of one site on one database, A and B, each an API with its gateway in front, every
// cache lasting a minute: a write on A reaches B's caches within a second, through the change bus
// (PostgreSQL NOTIFY, or Redis pub/sub with REDIS_URL; docs/decisions/006-caches-and-their-lifetimes.md).

const ORIGIN = 'https://khaneh.example'
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'
const WITHIN_MS = 1_000

/** One process of the site: its API (caching public reads) and its gateway (caching anonymous pages). */
async function siteProcess(t: Test, db: Db, channel: string, redisUrl?: string) {
  const { app: api } = await buildTestApi(t, {
    db,
    publicCacheMs: 60_000,
    changesChannel: channel,
    ...(redisUrl && { redisUrl, rateLimits: { keyPrefix: `${channel}:rl:` } }),
  })
  const apiUrl = await api.listen({ host: '127.0.0.1', port: 0 })
  const gateway = await buildTestGateway(t, apiUrl, { renderCacheMs: 60_000, changes: api.publicChanges })
  return { api, gateway }
}

/** Asks `read` until `done` says yes, for a second at most: what it saw last, and whether it was in time. */
async function within<T>(read: () => Promise<T>, done: (value: T) => boolean) {
  const started = Date.now()
  const deadline = started + WITHIN_MS
  for (;;) {
    const value = await read()
    if (done(value)) {
      t.comment(`seen after ${Date.now() - started} ms`)
      return { value, inTime: true }
    }
    if (Date.now() > deadline) return { value, inTime: false }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

async function site(t: Test, redisUrl?: string) {
  const db = await openTestDb(t)
  const channel = `khaneh_t_bus_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const a = await siteProcess(t, db, channel, redisUrl)
  const b = await siteProcess(t, db, channel, redisUrl)
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin', { en: 'Berlin' })
  const owner = await signInThroughGateway(a.gateway, 9901)
  const admin = await signInThroughGateway(a.gateway, 777)
  const listing = (description: string, status = 'active') =>
    makeListing(db, { ownerId: owner.id, cityId: city.id, countryCode: 'DE', description, status })
  const write = (as: { cookies: Record<string, string> }, method: 'PUT' | 'DELETE', url: string, payload?: object) =>
    a.gateway.inject({ method, url: `/api/v1${url}`, headers: { origin: ORIGIN }, cookies: as.cookies, payload })
  /** B's API answer for the listing: its description, or its status. */
  const readOnB = async (idOrSlug: string | number) => {
    const res = await b.api.inject({ url: `/api/v1/listings/${idOrSlug}?language=en` })
    return res.statusCode === 200 ? (res.json().data.description as string) : res.statusCode
  }
  const pageOnB = (path: string) => b.gateway.inject({ url: path, headers: { 'user-agent': CHROME } })
  return { db, a, b, owner, admin, listing, write, readOnB, pageOnB }
}

async function editApproveRemove(t: Test, redisUrl?: string) {
  const { owner, admin, listing, write, readOnB, pageOnB } = await site(t, redisUrl)
  const flat = await listing('The old text of a quiet flat near the river.')
  const pending = await listing('A flat that waits for a moderator.', 'pending')

  // B's caches warm: its API's reads, its gateway's pages (a hit the second time), a "not found" among them
  t.equal(await readOnB(flat.slug), 'The old text of a quiet flat near the river.')
  t.equal(await readOnB(pending.slug), 404)
  for (const path of [`/en/listing/${flat.slug}`, `/en/listing/${pending.slug}`, '/en/listings?sort=newest']) {
    await pageOnB(path)
    t.equal((await pageOnB(path)).headers['x-khaneh-render-cache'], 'hit', `${path} is kept on B`)
  }

  await t.test('a listing approved on A, which B had cached as not found, is served by B', async (t) => {
    const approved = await write(admin, 'PUT', `/admin/listings/${pending.id}/status`, { status: 'active' })
    t.equal(approved.statusCode, 200, approved.body)
    const read = await within(
      () => readOnB(pending.slug),
      (v) => v !== 404,
    )
    t.equal(read.value, 'A flat that waits for a moderator.')
    t.ok(read.inTime, 'within a second')
    const page = await within(
      () => pageOnB(`/en/listing/${pending.slug}`),
      (res) => res.statusCode === 200,
    )
    t.ok(page.inTime, 'its page too')
    t.match(page.value.body, 'A flat that waits for a moderator.')
    const list = await within(
      () => pageOnB('/en/listings?sort=newest'),
      (res) => res.body.includes(`/en/listing/${pending.slug}`),
    )
    t.ok(list.inTime, 'and its card on the listings page')
  })

  await t.test("an owner's edit on A (back to moderation) leaves B's caches", async (t) => {
    const edited = await write(owner, 'PUT', `/listings/${flat.id}`, {
      type: 'apartment',
      country: 'DE',
      city: 'berlin',
      rent: 900,
      description: 'The new text: a bright flat with a balcony.',
      photos: [],
      contact: '+49 151 1111111',
    })
    t.equal(edited.statusCode, 200, edited.body)
    const read = await within(
      () => readOnB(flat.id),
      (v) => v === 404,
    )
    t.ok(read.inTime, 'not public on B within a second')
    const page = await within(
      () => pageOnB(`/en/listing/${flat.slug}`),
      (res) => res.statusCode === 404,
    )
    t.ok(page.inTime, 'nor its page')

    t.equal((await write(admin, 'PUT', `/admin/listings/${flat.id}/status`, { status: 'active' })).statusCode, 200)
    const shown = await within(
      () => readOnB(flat.slug),
      (v) => v === 'The new text: a bright flat with a balcony.',
    )
    t.ok(shown.inTime, 'approved: the new text on B within a second')
  })

  await t.test("the owner's removal on A", async (t) => {
    t.equal((await write(owner, 'DELETE', `/listings/${flat.id}`)).statusCode, 200)
    const read = await within(
      () => readOnB(flat.slug),
      (v) => v === 404,
    )
    t.ok(read.inTime, 'gone from B within a second')
    const list = await within(
      () => pageOnB('/en/listings?sort=newest'),
      (res) => !res.body.includes(`/en/listing/${flat.slug}`),
    )
    t.ok(list.inTime, "and its card from B's listings page")
  })
}

t.test('a write on one process empties the caches of another (database NOTIFY)', (t) => editApproveRemove(t))

// the Redis of the machines and CI, as the rate limits' test uses it; each site has its own channel
t.test('the same over Redis pub/sub (REDIS_URL)', (t) =>
  editApproveRemove(t, process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'),
)

t.test("a signed-in reader's page on B shows what they saved on A at once", async (t) => {
  const { a, b, listing } = await site(t)
  const flat = await listing('A flat a reader saves.')
  const reader = await signInThroughGateway(b.gateway, 9902)
  const page = () =>
    b.gateway.inject({ url: `/en/listing/${flat.slug}`, headers: { 'user-agent': CHROME }, cookies: reader.cookies })
  /** Their page says the listing is theirs: pressed in the markup, or marked at the end of the readers' copy. */
  const savedIn = (body: string) =>
    body.includes('aria-pressed="true"') || body.includes(`id="khaneh-saved">[${flat.id}]`)

  const before = await page()
  t.equal(before.statusCode, 200)
  t.notOk(savedIn(before.body), 'not saved yet')
  t.equal((await page()).headers['x-khaneh-render-cache'], 'hit', "the readers' copy is kept on B")
  const saved = await a.gateway.inject({
    method: 'POST',
    url: `/api/v1/favorites/${flat.id}`,
    headers: { origin: ORIGIN },
    cookies: reader.cookies,
  })
  t.equal(saved.statusCode, 200, saved.body)
  t.ok(savedIn((await page()).body), 'saved on A, shown on B at once')
})
