import t from 'tap'
import { buildTestGateway, buildTestStack, signInThroughGateway } from '../../helpers/build-gateway.ts'
import { makeCity, makeCountry, makeListing } from '../../helpers/factories.ts'

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'
const CACHE = 'x-khaneh-render-cache'

// What a page may be kept as (docs/decisions/038-pages-and-the-back-forward-cache.md): by no shared
// cache, asked again on every ordinary load, kept by the browser's back/forward cache; the pages
// where a password, a one-time code or a payment is typed, and failures, kept nowhere.
t.test('the cache-control of pages', async (t) => {
  const { gateway, db, apiUrl } = await buildTestStack(t, { renderCacheMs: 60_000 })
  // the same API without the render cache: every page rendered for its request
  const rendering = await buildTestGateway(t, apiUrl)
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin', { en: 'Berlin' })
  const owner = await signInThroughGateway(gateway, 9871, 'Parvaneh')
  await makeListing(db, { ownerId: owner.id, cityId: city.id, countryCode: 'DE', slug: 'quiet-flat' })
  const reader = await signInThroughGateway(gateway, 9872, 'Shirin')

  const pages = [
    '/listings',
    '/en/listings',
    '/listing/quiet-flat',
    '/en/listing/quiet-flat',
    '/',
    '/en',
    '/en/about-us',
  ]
  const signedInPages = [...pages, '/dashboard', '/en/dashboard', '/en/dashboard/alerts', '/en/pricing']

  const get = (app: typeof gateway, url: string, cookies?: Record<string, string>) =>
    app.inject({ url, headers: { 'user-agent': CHROME }, ...(cookies && { cookies }) })

  await t.test('anonymous pages, from the render cache and rendered: private, no-cache', async (t) => {
    for (const url of pages) {
      const miss = await get(gateway, url)
      const hit = await get(gateway, url)
      const alone = await get(rendering, url)
      t.equal(hit.headers[CACHE], 'hit', `${url} is kept by the render cache`)
      for (const res of [miss, hit, alone]) {
        t.equal(res.statusCode, 200, url)
        t.equal(res.headers['cache-control'], 'private, no-cache', url)
        t.equal(res.headers.vary, 'Accept-Encoding, Cookie', `${url}: another visitor's copy is never used`)
      }
    }
  })

  await t.test("signed-in pages, readers' copies and rendered: private, no-cache, never public", async (t) => {
    for (const url of signedInPages) {
      for (const app of [gateway, rendering]) {
        const res = await get(app, url, reader.cookies)
        t.equal(res.statusCode, 200, url)
        t.equal(res.headers['cache-control'], 'private, no-cache', url)
        t.notMatch(res.headers['cache-control'], /public/, url)
      }
    }
    const shared = await get(gateway, '/en/listings', reader.cookies)
    t.match(shared.headers[CACHE], /hit|miss/, "a readers' copy is among them")
  })

  await t.test('a page not found: private, no-cache as well', async (t) => {
    for (const url of ['/en/listing/no-such-flat', '/no-such-page']) {
      const res = await get(rendering, url)
      t.equal(res.statusCode, 404, url)
      t.equal(res.headers['cache-control'], 'private, no-cache', url)
    }
  })

  await t.test('the pages where secrets are typed: no-store, signed in or not', async (t) => {
    const answers: Array<[string, 'anonymous' | 'signed in', number]> = [
      ['/auth', 'anonymous', 200],
      ['/en/auth', 'anonymous', 200],
      ['/en/auth/action?mode=resetPassword&oobCode=x', 'anonymous', 200],
      ['/en/auth/action?mode=resetPassword&oobCode=x', 'signed in', 200],
      ['/checkout/sandbox/1', 'signed in', 404],
    ]
    for (const [url, who, status] of answers) {
      const res = await get(rendering, url, who === 'signed in' ? reader.cookies : undefined)
      t.equal(res.statusCode, status, `${url}, ${who}`)
      t.equal(res.headers['cache-control'], 'no-store', `${url}, ${who}`)
    }
  })
})
