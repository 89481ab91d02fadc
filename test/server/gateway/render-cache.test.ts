import { createHash } from 'node:crypto'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import t from 'tap'
import { buildTestStack, signInThroughGateway } from '../../helpers/build-gateway.ts'
import { makeCity, makeCountry, makeListing } from '../../helpers/factories.ts'

const ORIGIN = 'https://khaneh.example'
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
const CACHE = 'x-khaneh-render-cache'

/** The script-src of a response's CSP, as a list of sources. */
function scriptSources(csp: unknown): string[] {
  const directive = String(csp)
    .split('; ')
    .find((d) => d.startsWith('script-src '))
  return directive?.split(' ').slice(1) ?? []
}

/** The text of every inline script of a document the browser would run (data blocks such as JSON-LD left out). */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\ssrc=/.test(attributes!) && !/type="application\/ld\+json"/.test(attributes!))
    .map(([, , text]) => text!)
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

// The render cache lasts a minute here and the JSON caches not at all: whatever a page shows after a
// write through the gateway comes from the render cache being emptied, not from a cache expiring.
t.test('the render cache of anonymous pages', async (t) => {
  const { gateway, db } = await buildTestStack(t, { renderCacheMs: 60_000 })
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin', { en: 'Berlin' })
  const owner = await signInThroughGateway(gateway, 9811, 'Parvaneh')
  const admin = await signInThroughGateway(gateway, 777)
  const flat = await makeListing(db, { ownerId: owner.id, cityId: city.id, countryCode: 'DE', slug: 'river-flat' })
  const pending = await makeListing(db, {
    ownerId: owner.id,
    cityId: city.id,
    countryCode: 'DE',
    slug: 'waiting-flat',
    status: 'pending',
  })

  const get = (url: string, headers: Record<string, string> = {}, cookies?: Record<string, string>) =>
    gateway.inject({ url, headers: { 'user-agent': CHROME, ...headers }, ...(cookies && { cookies }) })
  const write = (as: { cookies: Record<string, string> }, method: 'PUT', url: string, payload: object) =>
    gateway.inject({ method, url: `/api/v1${url}`, headers: { origin: ORIGIN }, cookies: as.cookies, payload })

  await t.test('a second anonymous request is a hit: the same bytes, its inline scripts allowed by hash', async (t) => {
    const first = await get('/en/listings')
    t.equal(first.statusCode, 200)
    t.equal(first.headers[CACHE], 'miss')
    const second = await get('/en/listings')
    t.equal(second.headers[CACHE], 'hit')
    t.equal(second.body, first.body)
    t.equal(second.headers['content-length'], String(Buffer.byteLength(first.body)))

    t.notMatch(second.body, /nonce=/, 'the cached document carries no nonce for anyone to reuse')
    const sources = scriptSources(second.headers['content-security-policy'])
    t.notOk(
      sources.some((s) => s.startsWith("'nonce-")),
      'no nonce in the policy either',
    )
    const scripts = inlineScripts(second.body)
    t.ok(scripts.length > 0, 'the page has its bootstrap script')
    t.same(
      sources.filter((s) => s.startsWith("'sha256-")).sort(),
      [...new Set(scripts.map(sha256))].sort(),
      'exactly the inline scripts of the document are allowed',
    )
    t.ok(sources.includes("'self'"))
    t.equal(first.headers['content-security-policy'], second.headers['content-security-policy'])
    t.equal(second.headers['cache-control'], 'private, no-cache')
    t.equal(second.headers.vary, 'Accept-Encoding, Cookie')
    t.equal(second.headers['x-content-type-options'], 'nosniff')
    t.match(second.headers['strict-transport-security'], /max-age=/)
  })

  await t.test('crawlers and browsers get the same complete document', async (t) => {
    const crawler = await get('/en/listings', { 'user-agent': GOOGLEBOT })
    t.equal(crawler.headers[CACHE], 'hit')
    t.equal(crawler.body, (await get('/en/listings')).body)
    t.match(crawler.body, /<\/html>$/)
    t.match(crawler.body, `/en/listing/${flat.slug}`, 'the listings are in it')
  })

  await t.test('br and gzip: made once, the same document inside, the same policy', async (t) => {
    const plain = (await get('/en/listing/river-flat')).body
    const br = await get('/en/listing/river-flat', { 'accept-encoding': 'gzip, deflate, br' })
    t.equal(br.headers['content-encoding'], 'br')
    t.equal(br.headers[CACHE], 'hit')
    t.equal(brotliDecompressSync(br.rawPayload).toString('utf8'), plain)
    t.equal(br.headers['content-length'], String(br.rawPayload.length))
    const gzip = await get('/en/listing/river-flat', { 'accept-encoding': 'gzip' })
    t.equal(gzip.headers['content-encoding'], 'gzip')
    t.equal(gunzipSync(gzip.rawPayload).toString('utf8'), plain)
    const again = await get('/en/listing/river-flat', { 'accept-encoding': 'br' })
    t.ok(again.rawPayload.equals(br.rawPayload), 'the compressed bytes are kept, not made again')
    for (const res of [br, gzip]) {
      const sources = scriptSources(res.headers['content-security-policy'])
      for (const script of inlineScripts(plain)) t.ok(sources.includes(sha256(script)), 'the script is allowed')
    }
  })

  await t.test('HEAD: the headers of the page, no body', async (t) => {
    const head = await gateway.inject({ method: 'HEAD', url: '/en/listings' })
    t.equal(head.statusCode, 200)
    t.equal(head.headers[CACHE], 'hit')
    t.equal(head.body, '')
    t.equal(head.headers['content-length'], String(Buffer.byteLength((await get('/en/listings')).body)))
  })

  await t.test('no cookie is kept with a page: each response sets only its own visitor’s language', async (t) => {
    await get('/listings')
    // an unprefixed first visit stores the browser's language
    const german = await get('/listings', { 'accept-language': 'de-DE,de;q=0.9' })
    t.equal(german.headers[CACHE], 'hit')
    t.match(String(german.headers['set-cookie']), /^i18n_redirected=de;/)
    const turkish = await get('/listings', { 'accept-language': 'tr' })
    t.match(String(turkish.headers['set-cookie']), /^i18n_redirected=tr;/)
    const known = await get('/listings', { cookie: 'i18n_redirected=en' })
    t.equal(known.headers[CACHE], 'hit')
    t.notOk(known.headers['set-cookie'], 'a visitor with their language stored gets no cookie at all')
    t.equal(german.body, known.body)
    // a prefixed one stores the address's language, whatever the browser's
    const english = await get('/en/listings', { 'accept-language': 'de-DE,de;q=0.9' })
    t.equal(english.headers[CACHE], 'hit')
    t.match(String(english.headers['set-cookie']), /^i18n_redirected=en;/)
  })

  await t.test('a request with a session never reads or fills the anonymous copies', async (t) => {
    const ownPage = await get('/en/listing/river-flat?view=owner', {}, owner.cookies)
    t.equal(ownPage.headers[CACHE], 'bypass')
    t.match(ownPage.body, /own-listing-panel/, 'the owner sees their own panel')
    t.match(ownPage.body, /nonce="/, 'a page rendered for one visitor keeps its nonce')
    t.ok(scriptSources(ownPage.headers['content-security-policy']).some((s) => s.startsWith("'nonce-")))
    const again = await get('/en/listing/river-flat?view=owner', {}, owner.cookies)
    t.not(
      again.headers['content-security-policy'],
      ownPage.headers['content-security-policy'],
      'a fresh nonce each time',
    )

    const anonymous = await get('/en/listing/river-flat?view=owner')
    t.equal(anonymous.headers[CACHE], 'miss', 'the signed-in render was not kept')
    t.notMatch(anonymous.body, /own-listing-panel/)
    t.notMatch(anonymous.body, />Dashboard</)
    t.match(anonymous.body, />Sign in</)

    // an expired access token with its refresh token is a session too: renewed, and never cached
    // (viewers of shared pages share copies of their own: render-cache-viewers.test.ts)
    const refreshOnly = await get('/en/listing/river-flat', {}, { '__Host-khaneh_rt': owner.refresh })
    t.equal(refreshOnly.headers[CACHE], 'bypass')
    t.match(refreshOnly.body, />Dashboard</)
    t.match(String(refreshOnly.headers['set-cookie']), /__Host-khaneh_at=/)
    const after = await get('/en/listing/river-flat')
    t.equal(after.headers[CACHE], 'hit')
    t.notMatch(after.body, />Dashboard</)
    t.notMatch(String(after.headers['set-cookie']), /khaneh_at|khaneh_rt/)
  })

  await t.test('pages made for one visitor are never cached, even anonymously', async (t) => {
    for (const url of ['/en/pricing', '/en/auth', '/en/dashboard']) {
      const res = await get(url)
      t.equal(res.headers[CACHE], 'bypass', url)
    }
    const redirect = await get('/en/listings?city=Berlin')
    t.equal(redirect.statusCode, 302)
    t.equal(redirect.headers[CACHE], 'miss')
    t.equal((await get('/en/listings?city=Berlin')).headers[CACHE], 'miss', 'a redirect is never kept')
  })

  await t.test('the query: order and tracking share an entry, a filter does not', async (t) => {
    t.equal((await get('/en/listings?country=DE&city=berlin')).headers[CACHE], 'miss')
    const tracked = await get('/en/listings?city=berlin&utm_source=news&country=DE&fbclid=x1&gclid=y2&ref=FRIEND')
    t.equal(tracked.headers[CACHE], 'hit')
    t.notMatch(tracked.body, /utm_source|fbclid|FRIEND/, 'nothing of another visitor’s address is in it')
    t.equal((await get('/en/listings?country=DE&city=berlin&sort=price_asc')).headers[CACHE], 'miss')
    t.equal((await get('/de/listings?country=DE&city=berlin')).headers[CACHE], 'miss', 'each language its own')
  })

  await t.test('a write empties the pages it changes, in every language', async (t) => {
    t.equal((await get('/listing/river-flat')).statusCode, 200)
    t.equal((await get('/en/listing/river-flat')).headers[CACHE], 'hit')
    t.match((await get('/en/listings')).body, '/en/listing/river-flat')
    const waiting = await get('/en/listing/waiting-flat')
    t.equal(waiting.statusCode, 404)
    t.equal((await get('/en/listing/waiting-flat')).headers[CACHE], 'hit', 'a missing page is kept briefly too')

    // a change the gateway never sees (straight in the database) is not shown before the entry expires
    await db.query(`UPDATE listings SET description = 'Changed behind the gateway.' WHERE id = $1`, [flat.id])
    t.notMatch((await get('/en/listing/river-flat')).body, 'Changed behind the gateway.')

    const rented = await write(owner, 'PUT', `/users/listings/${flat.id}/status`, { status: 'rented' })
    t.equal(rented.statusCode, 200, rented.body)
    t.equal((await get('/en/listing/river-flat')).statusCode, 404, 'the next anonymous read shows the change')
    t.equal((await get('/listing/river-flat')).statusCode, 404, 'in Persian too')
    t.notMatch((await get('/en/listings')).body, '/en/listing/river-flat', 'its card is gone from the list')
    t.equal(
      (await get('/en/listing/waiting-flat')).headers[CACHE],
      'miss',
      'a kept "not found" goes with any change of a listing: the listing made public may be the one it asked for',
    )
    t.equal((await get('/en/listing/waiting-flat')).headers[CACHE], 'hit', 'and is kept again')

    const approved = await write(admin, 'PUT', `/admin/listings/${pending.id}/status`, { status: 'active' })
    t.equal(approved.statusCode, 200, approved.body)
    const shown = await get('/en/listing/waiting-flat')
    t.equal(shown.statusCode, 200, 'an approval shows at once')
    t.equal(shown.headers[CACHE], 'miss')
  })

  await t.test('/metrics counts hits, misses and bypasses and reports what is kept', async (t) => {
    const metrics = (await gateway.inject({ url: '/metrics' })).body
    for (const result of ['hit', 'miss', 'bypass'])
      t.match(
        metrics,
        new RegExp(`khaneh_render_cache_requests_total\\{result="${result}",visitor="anonymous"\\} [1-9]`),
      )
    t.match(metrics, /khaneh_render_cache_entries [1-9]/)
    t.match(metrics, /khaneh_render_cache_bytes [1-9]/)
  })
})

t.test('entries expire, and nothing heavier than the bound is kept', async (t) => {
  // (long enough that the second request is a hit on a loaded machine too)
  const short = await buildTestStack(t, { renderCacheMs: 1_000 })
  t.equal((await short.gateway.inject({ url: '/en/listings' })).headers[CACHE], 'miss')
  t.equal((await short.gateway.inject({ url: '/en/listings' })).headers[CACHE], 'hit')
  await new Promise((resolve) => setTimeout(resolve, 1_100))
  t.equal((await short.gateway.inject({ url: '/en/listings' })).headers[CACHE], 'miss', 'rendered again once expired')

  const tiny = await buildTestStack(t, { renderCacheMs: 60_000, renderCacheBytes: 1_000 })
  for (let i = 0; i < 2; i++) t.equal((await tiny.gateway.inject({ url: '/en/about-us' })).headers[CACHE], 'miss')
  t.match((await tiny.gateway.inject({ url: '/metrics' })).body, /khaneh_render_cache_bytes 0/)
})

t.test('an error page is never kept', async (t) => {
  // nothing listens on port 1 of loopback: every API call fails, every page is a 503
  const { gateway } = await buildTestStack(t, { renderCacheMs: 60_000, apiUrl: 'http://127.0.0.1:1' })
  for (let i = 0; i < 2; i++) {
    const res = await gateway.inject({ url: '/en/listings' })
    t.equal(res.statusCode, 503)
    t.equal(res.headers[CACHE], 'miss')
  }
})
