import { createHash } from 'node:crypto'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import t from 'tap'
import { MARK_SAVED_LISTINGS } from '../../../server/gateway/ssr/saved-listings.ts'
import { buildTestGateway, buildTestStack, SESSION_COOKIES, signInThroughGateway } from '../../helpers/build-gateway.ts'
import { makeCity, makeCountry, makeListing } from '../../helpers/factories.ts'

const ORIGIN = 'https://khaneh.example'
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
const CACHE = 'x-khaneh-render-cache'

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/** The text of every inline script the browser would run (data blocks such as JSON-LD left out). */
const inlineScripts = (html: string): string[] =>
  [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\ssrc=/.test(attributes!) && !/type="application\/ld\+json"/.test(attributes!))
    .map(([, , text]) => text!)

/** The end of a readers' copy for a reader who saved these of its listings. */
const markOf = (...ids: number[]) =>
  `<script type="application/json" id="khaneh-saved">[${ids.join(',')}]</script><script>${MARK_SAVED_LISTINGS}</script>`

const scriptSources = (csp: unknown): string[] =>
  String(csp)
    .split('; ')
    .find((d) => d.startsWith('script-src '))
    ?.split(' ')
    .slice(1) ?? []

// Signed-in readers of home, listings, listing and content pages share one copy per address, apart from
// the anonymous one (docs/decisions/024-page-render-cache.md); a second gateway on the same API, without
// the cache, renders each reader's page alone, which is what the shared copy must equal.
t.test('the render cache of signed-in readers', async (t) => {
  const { gateway, db, apiUrl } = await buildTestStack(t, { renderCacheMs: 60_000 })
  const alone = await buildTestGateway(t, apiUrl)
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin', { en: 'Berlin' })
  const owner = await signInThroughGateway(gateway, 9851, 'Parvaneh')
  const flat = await makeListing(db, {
    ownerId: owner.id,
    cityId: city.id,
    countryCode: 'DE',
    slug: 'canal-flat',
    contact: '+49 30 5550123',
  })
  await makeListing(db, { ownerId: owner.id, cityId: city.id, countryCode: 'DE', slug: 'park-flat' })
  const reader = await signInThroughGateway(gateway, 9852, 'Shirin')
  const other = await signInThroughGateway(gateway, 9853, 'Kaveh')

  const get = (url: string, cookies?: Record<string, string>, userAgent = CHROME) =>
    gateway.inject({ url, headers: { 'user-agent': userAgent }, ...(cookies && { cookies }) })

  await t.test(
    'one copy for every reader: no nonce, its scripts allowed by hash, apart from the anonymous copy',
    async (t) => {
      const first = await get('/en/listings', reader.cookies)
      t.equal(first.statusCode, 200)
      t.equal(first.headers[CACHE], 'miss')
      t.match(first.body, />Dashboard</, 'the signed-in header')
      t.match(first.body, /"hasSession":true/)
      t.notMatch(first.body, /nonce=/)
      t.notMatch(first.body, /Shirin|Kaveh|Parvaneh/, 'nothing of any reader is in it')
      t.same(
        scriptSources(first.headers['content-security-policy'])
          .filter((s) => s.startsWith("'sha256-"))
          .sort(),
        // and the script a saver's copy ends with
        [...new Set([...inlineScripts(first.body), MARK_SAVED_LISTINGS].map(sha256))].sort(),
      )
      const second = await get('/en/listings', other.cookies)
      t.equal(second.headers[CACHE], 'hit', 'another reader gets the same copy')
      t.equal(second.body, first.body)
      t.notMatch(
        String(second.headers['set-cookie']),
        /khaneh_at|khaneh_rt/,
        'a reader whose session needs nothing gets no session cookie',
      )

      const anonymous = await get('/en/listings')
      t.equal(anonymous.headers[CACHE], 'miss', 'the anonymous copy is its own')
      t.match(anonymous.body, />Sign in</)
      t.notMatch(anonymous.body, />Dashboard</)
      t.equal((await get('/en/listings', reader.cookies)).body, first.body, 'and the readers’ copy stays theirs')
    },
  )

  await t.test('the shared copy is the page a reader would get rendered alone', async (t) => {
    for (const url of [
      '/en/listings',
      '/en',
      '/en/listings?city=berlin&country=DE',
      '/en/about-us',
      '/listings',
      '/en/listing/park-flat',
      '/listing/canal-flat',
    ]) {
      const shared = await get(url, reader.cookies)
      t.match(shared.headers[CACHE], /^(hit|miss)$/, url)
      // a crawler's render waits for the whole document, as the cache's does
      const own = await alone.inject({ url, headers: { 'user-agent': GOOGLEBOT }, cookies: reader.cookies })
      t.equal(own.statusCode, shared.statusCode, url)
      t.equal(own.body.replace(/ nonce="[^"]+"/g, ''), shared.body, url)
    }
  })

  await t.test('a reader who saved some of the page’s listings gets the shared copy with them marked', async (t) => {
    const favourite = (method: 'POST' | 'DELETE') =>
      gateway.inject({
        method,
        url: `/api/v1/favorites/${flat.id}`,
        headers: { origin: ORIGIN },
        cookies: reader.cookies,
      })
    const saved = await favourite('POST')
    t.equal(saved.statusCode, 200, saved.body)
    const others = await get('/en/listings', other.cookies)
    t.equal(others.headers[CACHE], 'hit')
    t.notMatch(others.body, /khaneh-saved|aria-pressed="true"/, 'nobody else sees their mark')

    const own = await get('/en/listings', reader.cookies)
    t.equal(own.headers[CACHE], 'hit', 'the copy everyone reads')
    t.equal(
      own.body,
      others.body.replace('<script type="module"', `${markOf(flat.id)}<script type="module"`),
      'with their saved listing named at its end, before the app’s entry script',
    )
    // the heart holds both of its names; the end-of-page script presses it, and the pressed one is read
    t.match(own.body, new RegExp(`aria-pressed="false" data-listing="${flat.id}"`))
    t.ok(
      scriptSources(own.headers['content-security-policy']).includes(sha256(MARK_SAVED_LISTINGS)),
      'whose script the page’s CSP allows',
    )
    t.equal(own.headers['content-length'], String(Buffer.byteLength(own.body)))
    for (const encoding of ['br', 'gzip']) {
      const compressed = await gateway.inject({
        url: '/en/listings',
        headers: { 'user-agent': CHROME, 'accept-encoding': encoding },
        cookies: reader.cookies,
      })
      t.equal(compressed.headers['content-encoding'], encoding)
      const decode = encoding === 'br' ? brotliDecompressSync : gunzipSync
      t.equal(decode(compressed.rawPayload).toString(), own.body, `the same page in ${encoding}`)
    }

    t.equal((await get('/en/about-us', reader.cookies)).headers[CACHE], 'hit', 'a page without listings stays shared')
    const othersListing = await get('/en/listing/canal-flat', other.cookies)
    const listingPage = await get('/en/listing/canal-flat', reader.cookies)
    t.equal(listingPage.headers[CACHE], 'hit', 'the saved listing’s own page is the copy too')
    t.equal(
      listingPage.body,
      othersListing.body.replace('<script type="module"', `${markOf(flat.id)}<script type="module"`),
      'with that listing named at its end',
    )
    t.match(listingPage.body, new RegExp(`aria-pressed="false" data-listing="${flat.id}"`), 'its button')

    const removed = await favourite('DELETE')
    t.equal(removed.statusCode, 200, removed.body)
    const unsaved = await get('/en/listings', reader.cookies)
    t.equal(unsaved.headers[CACHE], 'hit')
    t.equal(unsaved.body, others.body, 'the copy as it is once unsaved')
  })

  await t.test('a renewed session gets its cookies with the shared copy', async (t) => {
    const renewed = await get('/en/listings', { [SESSION_COOKIES.refresh]: other.refresh })
    t.equal(renewed.headers[CACHE], 'hit')
    t.match(renewed.body, />Dashboard</)
    t.match(String(renewed.headers['set-cookie']), /__Host-khaneh_at=/)
    const ended = await get('/en/listings', { [SESSION_COOKIES.refresh]: 'not-a-refresh-token' })
    t.equal(ended.headers[CACHE], 'bypass', 'a session that cannot be opened is rendered alone')
    t.match(ended.body, />Sign in</)
  })

  await t.test('a redirect from the shared render carries the renewed cookies too', async (t) => {
    const fresh = await signInThroughGateway(gateway, 9854)
    const redirect = await get('/en/listings?city=Berlin', { [SESSION_COOKIES.refresh]: fresh.refresh })
    t.equal(redirect.statusCode, 302)
    t.match(String(redirect.headers['set-cookie']), /__Host-khaneh_at=/)
    t.match(
      String(redirect.headers['set-cookie']),
      /__Host-khaneh_rt=/,
      'the rotated refresh token reaches the browser',
    )
  })

  await t.test('pages made for one reader are never shared', async (t) => {
    t.equal((await get('/en/listing/canal-flat', reader.cookies)).headers[CACHE], 'hit')
    const ownPage = await get('/en/listing/canal-flat', owner.cookies)
    t.equal(ownPage.headers[CACHE], 'bypass', 'the owner’s listing page offers them its edit and boost')
    t.match(ownPage.body, /own-listing-panel/)
    for (const url of ['/en/pricing', '/en/dashboard'])
      t.equal((await get(url, reader.cookies)).headers[CACHE], 'bypass', url)

    const opened = await gateway.inject({
      method: 'POST',
      url: `/api/v1/listings/${flat.id}/contact`,
      headers: { origin: ORIGIN },
      cookies: other.cookies,
      payload: {},
    })
    t.equal(opened.statusCode, 200, opened.body)
    const phone = (opened.json() as { data: { contact_phone: string } }).data.contact_phone
    const withContact = await get('/en/listing/canal-flat', other.cookies)
    t.equal(withContact.headers[CACHE], 'bypass', 'a contact they opened stays open in their page')
    t.match(withContact.body, phone)
    const shared = await get('/en/listing/canal-flat', reader.cookies)
    t.equal(shared.headers[CACHE], 'hit')
    t.notMatch(shared.body, phone, 'and is in nobody else’s')
  })

  await t.test('a write empties the readers’ copies as it does the anonymous ones', async (t) => {
    t.match((await get('/en/listings', reader.cookies)).body, '/en/listing/canal-flat')
    const rented = await gateway.inject({
      method: 'PUT',
      url: `/api/v1/users/listings/${flat.id}/status`,
      headers: { origin: ORIGIN },
      cookies: owner.cookies,
      payload: { status: 'rented' },
    })
    t.equal(rented.statusCode, 200, rented.body)
    const after = await get('/en/listings', reader.cookies)
    t.equal(after.headers[CACHE], 'miss')
    t.notMatch(after.body, '/en/listing/canal-flat')
  })

  await t.test('/metrics tells signed-in visitors from anonymous ones', async (t) => {
    const metrics = (await gateway.inject({ url: '/metrics' })).body
    for (const result of ['hit', 'miss', 'bypass'])
      t.match(
        metrics,
        new RegExp(`khaneh_render_cache_requests_total\\{result="${result}",visitor="signed_in"\\} [1-9]`),
      )
    t.match(metrics, /khaneh_render_cache_requests_total\{result="miss",visitor="anonymous"\} [1-9]/)
  })
})

// A render that throws answers the fallback 500; a session renewed on the way still gets its cookies,
// or the browser would replay a rotated refresh token (docs/decisions/001-cookie-sessions-and-refresh-grace.md).
t.test('a failed render still sends the renewed session cookies', async (t) => {
  const { gateway, apiUrl, api } = await buildTestStack(t)
  for (const sharing of ['viewers', null] as const) {
    const broken = await buildTestGateway(t, apiUrl, {
      renderCacheMs: 60_000,
      changes: api.publicChanges,
      renderer: {
        render: () => Promise.reject(new Error('the renderer broke')),
        pageSharing: () => sharing,
      },
    })
    const reader = await signInThroughGateway(gateway, sharing ? 9861 : 9862)
    const res = await broken.inject({ url: '/en/listings', cookies: { [SESSION_COOKIES.refresh]: reader.refresh } })
    t.equal(res.statusCode, 500, String(sharing))
    t.match(String(res.headers['set-cookie']), /__Host-khaneh_at=/, String(sharing))
    t.match(String(res.headers['set-cookie']), /__Host-khaneh_rt=/, String(sharing))
  }
})
