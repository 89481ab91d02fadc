import type { FastifyInstance } from 'fastify'
import t from 'tap'
import type { Db } from '../../server/api/db/client.ts'
import { createSessions } from '../../server/gateway/session.ts'
import { createUpstream } from '../../server/gateway/upstream.ts'
import { buildTestApi } from '../helpers/build-api.ts'
import { buildTestStack } from '../helpers/build-gateway.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../helpers/factories.ts'

// A stranger asking many distinct searches must not grow the caches of answers past their bounds in
// bytes, and what expired must go without anyone reading it again
// (docs/decisions/006-caches-and-their-lifetimes.md).

/** A long Persian description: a page of 100 such listings is well over 100 KB of JSON. */
const DESCRIPTION = 'آپارتمان روشن نزدیک ایستگاه، دو اتاق خواب، آشپزخانه مجهز و بالکن رو به باغ. '.repeat(20)
const LISTINGS = 50
const FLOOD = 120

async function seedListings(db: Db): Promise<void> {
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin', { en: 'Berlin' })
  const owner = await makeUser(db)
  for (let i = 0; i < LISTINGS; i++)
    await makeListing(db, {
      ownerId: owner.id,
      cityId: city.id,
      countryCode: 'DE',
      rent: 500 + i,
      description: DESCRIPTION,
    })
}

/** One distinct search of every listing per `i`, as the probe asked them. */
const search = (i: number) => `/api/v1/listings?max_price=${10_000 + i}&limit=100&language=fa`

/** Asks `count` distinct searches one after another; the length of the smallest answer. */
async function flood(app: FastifyInstance, count: number, from = 0): Promise<number> {
  let smallest = Infinity
  for (let i = from; i < from + count; i++) {
    const res = await app.inject({ url: search(i) })
    if (res.statusCode !== 200) throw new Error(`${search(i)}: ${res.statusCode}`)
    smallest = Math.min(smallest, res.body.length)
  }
  return smallest
}

interface Stats {
  entries: number
  bytes: number
  maxBytes: number
}

const apiCaches = (app: FastifyInstance) => app.publicListings.cacheStats() as Record<string, Stats>

/** The gateway's caches as its /metrics reports them. */
async function gatewayCaches(gateway: FastifyInstance): Promise<Record<string, Stats>> {
  const text = (await gateway.inject({ url: '/metrics' })).body
  const out: Record<string, Stats> = {}
  for (const [, metric, cache, value] of text.matchAll(
    /^khaneh_cache_(bytes|max_bytes|entries)\{cache="(\w+)"\} (\S+)$/gm,
  )) {
    const stats = (out[cache!] ??= { entries: NaN, bytes: NaN, maxBytes: NaN })
    if (metric === 'bytes') stats.bytes = Number(value)
    else if (metric === 'max_bytes') stats.maxBytes = Number(value)
    else stats.entries = Number(value)
  }
  return out
}

/** Polls until every named cache is empty, or the time is up; the caches as last seen. */
async function emptied(read: () => Promise<Record<string, Stats>> | Record<string, Stats>, names: string[]) {
  const deadline = Date.now() + 5_000
  for (;;) {
    const caches = await read()
    if (names.every((name) => caches[name]?.entries === 0) || Date.now() > deadline) return caches
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

t.test('a flood of distinct searches through the API stays within the caches’ bytes', async (t) => {
  const { app, db } = await buildTestApi(t, { publicCacheMs: 60_000 })
  await seedListings(db)
  const smallest = await flood(app, FLOOD)
  t.ok(smallest > 100_000, `each answer is large (${smallest} characters)`)
  const pages = apiCaches(app).list_pages!
  t.ok(pages.bytes <= pages.maxBytes, `${pages.bytes} bytes kept of ${pages.maxBytes}`)
  // what the kept answers hold is at least their text, whatever the cache's own estimate says
  t.ok(
    pages.entries * smallest <= pages.maxBytes,
    `${pages.entries} pages of at least ${smallest} characters fit in the bound`,
  )
  t.ok(pages.entries > 0, 'the newest searches are still cached')

  // the same database behind an API whose reads last half a second: nothing read again, all swept
  const { app: brief } = await buildTestApi(t, { db, publicCacheMs: 500 })
  await flood(brief, 20)
  t.ok(apiCaches(brief).list_pages!.entries > 0, 'kept at first')
  const after = await emptied(() => apiCaches(brief), ['list_pages'])
  t.same([after.list_pages!.entries, after.list_pages!.bytes], [0, 0], 'expired searches were swept')
})

t.test(
  'a flood of distinct searches through the gateway’s proxy is kept by the API alone, within its bytes',
  async (t) => {
    const { gateway, api, db } = await buildTestStack(t, {}, { publicCacheMs: 60_000 })
    await seedListings(db)
    const smallest = await flood(gateway, FLOOD)
    const caches = await gatewayCaches(gateway)
    t.same(Object.keys(caches), ['render'], 'the gateway keeps no answers of the API (one layer of JSON caching)')
    t.equal(caches.render!.entries, 0, 'nor pages for the proxy’s reads')
    const pages = apiCaches(api).list_pages!
    t.ok(pages.bytes <= pages.maxBytes, `${pages.bytes} bytes kept of ${pages.maxBytes}`)
    t.ok(pages.entries * smallest <= pages.maxBytes, `${pages.entries} answers of at least ${smallest} characters fit`)
    t.ok(pages.entries > 0, 'the newest searches are still cached')
  },
)

t.test('made-up refresh tokens are not kept after the API refused them', async (t) => {
  const { app } = await buildTestApi(t)
  const upstream = createUpstream({ baseUrl: await app.listen({ host: '127.0.0.1', port: 0 }) })
  t.teardown(() => upstream.close())
  const sessions = createSessions(upstream, 'https://khaneh.example')
  const visitor = { id: 'flood', ip: '203.0.113.9' }
  const answers = await Promise.all(
    Array.from({ length: 200 }, (_, i) => sessions.refresh(`made-up-${i}-${'x'.repeat(4_000)}`, visitor)),
  )
  t.ok(
    answers.every((answer) => answer === null),
    'every one refused',
  )
  await new Promise((resolve) => setImmediate(resolve))
  t.equal(sessions.refreshesHeld(), 0, 'none held for the grace of a renewal')
})
