// The render cache and the public read cache hand one copy to many visitors: nothing one request
// carries outside the cache key (headers, tracking parameters, a reader's cookies) may change what the
// next visitor receives (docs/decisions/006-caches-and-their-lifetimes.md, 024-page-render-cache.md).
import t from 'tap'
import { buildTestGateway, buildTestStack, signInThroughGateway } from '../helpers/build-gateway.ts'
import { makeCity, makeCountry, makeListing } from '../helpers/factories.ts'

const ORIGIN = 'https://khaneh.example'
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'
const CACHE = 'x-khaneh-render-cache'

/** Headers a cache in front of a site often leaves out of its key, each set by an attacker filling the cache. */
const UNKEYED: [string, Record<string, string>][] = [
  ['X-Forwarded-Host', { 'x-forwarded-host': 'evil.example' }],
  ['X-Forwarded-Proto', { 'x-forwarded-proto': 'http' }],
  ['Forwarded', { forwarded: 'for=1.2.3.4;host=evil.example;proto=http' }],
  ['X-Forwarded-Prefix', { 'x-forwarded-prefix': '/evil.example' }],
  ['X-Original-URL', { 'x-original-url': '/en/dashboard' }],
  ['X-Rewrite-URL', { 'x-rewrite-url': '/en/dashboard' }],
  ['X-HTTP-Method-Override', { 'x-http-method-override': 'DELETE' }],
  ['Host', { host: 'evil.example' }],
  ['Accept-Language', { 'accept-language': 'de-DE,de;q=0.9' }],
  ['a language cookie', { cookie: 'i18n_redirected=tr' }],
  ['Referer', { referer: 'https://evil.example/<script>' }],
]

t.test('cache poisoning', async (t) => {
  const { gateway, db, apiUrl, api } = await buildTestStack(t, { renderCacheMs: 60_000 }, { publicCacheMs: 60_000 })
  // every gateway of the site keeps pages for a minute, hearing of writes as one of its processes would
  const CACHES = { renderCacheMs: 60_000, changes: api.publicChanges }
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin', { en: 'Berlin' })
  const owner = await signInThroughGateway(gateway, 81001, 'Owner')
  const PHONE = '+49 30 5550199'
  const flat = await makeListing(db, {
    ownerId: owner.id,
    cityId: city.id,
    countryCode: 'DE',
    slug: 'poison-flat',
    contact: PHONE,
  })
  const SHARED = ['/en', '/en/listings', '/en/listing/poison-flat', '/en/safety-guide', '/listings']

  // the copies a visitor gets from a cache no attacker touched
  const reference = await buildTestGateway(t, apiUrl, CACHES)
  const clean = new Map<string, string>()
  for (const url of SHARED) {
    await reference.inject({ url, headers: { 'user-agent': CHROME } })
    const copy = await reference.inject({ url, headers: { 'user-agent': CHROME } })
    t.equal(copy.headers[CACHE], 'hit', `${url}: the reference copy is a cached one`)
    clean.set(url, copy.body)
  }

  await t.test('a header outside the key never changes the copy the next visitor gets', async (t) => {
    for (const [name, headers] of UNKEYED) {
      const attacked = await buildTestGateway(t, apiUrl, CACHES)
      for (const url of SHARED) {
        const filled = await attacked.inject({ url, headers: { 'user-agent': CHROME, ...headers } })
        t.ok(filled.statusCode < 500, `${name} ${url}: ${filled.statusCode}`)
        const next = await attacked.inject({ url, headers: { 'user-agent': CHROME } })
        t.equal(next.statusCode, 200, `${name} ${url}`)
        t.equal(next.body, clean.get(url), `${name} ${url}: the same copy as an untouched cache's`)
        t.notMatch(next.body, /evil\.example/, `${name} ${url}: no trace of the attacker's value`)
      }
    }
  })

  await t.test('tracking parameters and junk in the query are not reflected into a shared copy', async (t) => {
    const attacked = await buildTestGateway(t, apiUrl, CACHES)
    const evil = encodeURIComponent('"><script>alert(1)</script>evil.example')
    for (const url of SHARED) {
      await attacked.inject({
        url: `${url}?utm_source=${evil}&fbclid=${evil}&ref=${evil}`,
        headers: { 'user-agent': CHROME },
      })
      const next = await attacked.inject({ url, headers: { 'user-agent': CHROME } })
      t.equal(next.body, clean.get(url), `${url}: a tracked visit fills the visitor's copy unchanged`)
      const junk = await attacked.inject({ url: `${url}?junk=${evil}`, headers: { 'user-agent': CHROME } })
      t.notMatch(junk.body, /"><script>|<script>alert/, `${url}?junk: nothing of the query echoed as markup`)
      t.equal((await attacked.inject({ url, headers: { 'user-agent': CHROME } })).body, clean.get(url))
    }
  })

  await t.test('a session cookie that is no session neither reads nor fills a shared copy', async (t) => {
    const attacked = await buildTestGateway(t, apiUrl, CACHES)
    for (const url of SHARED) {
      const fake = await attacked.inject({
        url,
        headers: { 'user-agent': CHROME },
        cookies: { '__Host-khaneh_at': 'forged.token.value', '__Host-khaneh_rt': 'f'.repeat(43) },
      })
      t.not(fake.headers[CACHE], 'hit', `${url}: not served from the shared copies`)
      const next = await attacked.inject({ url, headers: { 'user-agent': CHROME } })
      t.equal(next.headers[CACHE], 'miss', `${url}: and nothing was kept for the next visitor`)
      t.equal(next.body, clean.get(url))
      t.notMatch(String(next.headers['set-cookie']), /khaneh_(at|rt)/, `${url}: no session cookie handed on`)
    }
  })
  await t.test(
    "a signed-in reader's name, favourites and opened contacts never reach anyone else's copy",
    async (t) => {
      const attacked = await buildTestGateway(t, apiUrl, CACHES)
      const reader = await signInThroughGateway(attacked, 81002, 'Zarvanreader')
      const write = (url: string) =>
        attacked.inject({
          method: 'POST',
          url: `/api/v1${url}`,
          headers: { origin: ORIGIN },
          cookies: reader.cookies,
          payload: {},
        })
      t.equal((await write(`/favorites/${flat.id}`)).statusCode, 200, 'saved')
      const opened = await write(`/listings/${flat.id}/contact`)
      t.equal(opened.statusCode, 200, 'the contact opened')
      t.ok(opened.body.includes(PHONE), 'to the reader alone')

      // the reader fills every cache first: pages, and the API reads pages are built from
      for (const url of SHARED)
        await attacked.inject({ url, headers: { 'user-agent': CHROME }, cookies: reader.cookies })
      for (const url of ['/api/v1/listings?limit=20', `/api/v1/listings/${flat.slug}`, `/api/v1/listings/${flat.id}`])
        await attacked.inject({ url, cookies: reader.cookies })

      for (const url of SHARED) {
        const anonymous = await attacked.inject({ url, headers: { 'user-agent': CHROME } })
        t.notMatch(anonymous.body, /Zarvanreader/, `${url}: not the reader's name`)
        t.notOk(anonymous.body.includes(PHONE), `${url}: not the contact they opened`)
        t.notMatch(anonymous.body, /khaneh-saved/, `${url}: not their saved listings`)
        t.notMatch(
          anonymous.body,
          /"is_favorited":true|"isFavorited":true/,
          `${url}: no favourite in the hydration data`,
        )
        const other = await signInThroughGateway(attacked, 81003 + SHARED.indexOf(url), 'Otherreader')
        const otherPage = await attacked.inject({ url, headers: { 'user-agent': CHROME }, cookies: other.cookies })
        t.notMatch(otherPage.body, /Zarvanreader/, `${url}: another reader's copy has not the name`)
        t.notOk(otherPage.body.includes(PHONE), `${url}: nor the contact`)
        t.notMatch(otherPage.body, /"is_favorited":true|"isFavorited":true|khaneh-saved/, `${url}: nor the favourite`)
      }
      for (const url of ['/api/v1/listings?limit=20', `/api/v1/listings/${flat.slug}`]) {
        const anonymous = await attacked.inject({ url })
        t.equal(anonymous.statusCode, 200, url)
        t.notOk(anonymous.body.includes(PHONE), `${url}: the anonymous answer has no contact`)
        t.notMatch(anonymous.body, /"is_favorited":true/, `${url}: nor a favourite`)
        t.notMatch(anonymous.body, /Zarvanreader/, `${url}: nor the reader`)
      }
    },
  )
})
