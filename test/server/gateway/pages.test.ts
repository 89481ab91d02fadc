import t from 'tap'
import { buildTestStack } from '../../helpers/build-gateway.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../helpers/factories.ts'

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

t.test('pages', async (t) => {
  const { gateway, db } = await buildTestStack(t)
  const owner = await makeUser(db, { first_name: 'Niloofar' })
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin', fa: 'برلین', de: 'Berlin' })
  const listing = await makeListing(db, {
    ownerId: owner.id,
    cityId: berlin.id,
    countryCode: 'DE',
    rent: 850,
    slug: 'bright-room-berlin',
  })
  const hostile = await makeListing(db, {
    ownerId: owner.id,
    cityId: berlin.id,
    countryCode: 'DE',
    slug: 'hostile-text',
    description: 'Nice </script><script>alert(1)</script> & more \u2028 line',
  })
  const pending = await makeListing(db, {
    ownerId: owner.id,
    cityId: berlin.id,
    countryCode: 'DE',
    status: 'pending',
    slug: 'not-yet-approved',
  })

  const get = (url: string, headers: Record<string, string> = {}) =>
    gateway.inject({ url, headers: { 'user-agent': CHROME, ...headers } })

  await t.test('/ is Persian and right-to-left; the language cookie comes from Accept-Language', async (t) => {
    const res = await get('/', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' })
    t.equal(res.statusCode, 200)
    t.match(res.headers['content-type'], /text\/html/)
    t.match(res.body, /<html lang="fa" dir="rtl"/)
    t.match(String(res.headers['set-cookie']), /i18n_redirected=de; Max-Age=31536000; Path=\/; SameSite=Lax; Secure/)
    const again = await get('/', { cookie: 'i18n_redirected=tr', 'accept-language': 'de' })
    t.notOk(again.headers['set-cookie'], 'a valid cookie is kept')
  })

  await t.test('every prefixed language renders left-to-right in its language', async (t) => {
    for (const code of ['en', 'tr', 'es', 'de', 'it']) {
      const res = await get(`/${code}/listings`)
      t.equal(res.statusCode, 200, `/${code}/listings`)
      t.match(res.body, new RegExp(`<html lang="${code}" dir="ltr"`))
    }
  })

  await t.test('/fa/... redirects 301 to the unprefixed address, query kept', async (t) => {
    const res = await get('/fa/listings?city=berlin')
    t.equal(res.statusCode, 301)
    t.equal(res.headers.location, '/listings?city=berlin')
  })

  await t.test('head: canonical, one hreflang per language plus x-default, absolute URLs', async (t) => {
    const res = await get('/en/listings')
    t.match(res.body, /<link rel="canonical" href="https:\/\/khaneh.example\/en\/listings"/)
    for (const [code, href] of [
      ['fa', '/listings'],
      ['en', '/en/listings'],
      ['tr', '/tr/listings'],
      ['es', '/es/listings'],
      ['de', '/de/listings'],
      ['it', '/it/listings'],
      ['x-default', '/listings'],
    ]) {
      t.ok(
        res.body.includes(`<link rel="alternate" hrefLang="${code}" href="https://khaneh.example${href}"/>`),
        `hreflang ${code}`,
      )
    }
    t.match(res.body, /<title>[^<]+<\/title>/)
    t.match(res.body, /<meta property="og:title"/)
  })

  await t.test('a crawler gets the complete document with listing links', async (t) => {
    const res = await get('/en/listings', { 'user-agent': GOOGLEBOT })
    t.equal(res.statusCode, 200)
    t.ok(res.body.includes(`href="/en/listing/${listing.slug}"`))
    t.match(res.body, /<\/html>\s*$/)
  })

  await t.test('a listing page shows the listing; fa shows IRR in Persian digits', async (t) => {
    const en = await get(`/en/listing/${listing.slug}`)
    t.equal(en.statusCode, 200)
    t.match(en.body, /€850/)
    t.match(en.body, /Niloofar/)
    const fa = await get(`/listing/${listing.slug}`)
    t.equal(fa.statusCode, 200)
    t.match(fa.body, /۵۱٬۰۰۰٬۰۰۰ ریال/, '850 EUR × 60000 in Persian digits')
  })

  await t.test('unknown paths and non-public listings are real 404 pages', async (t) => {
    const missing = await get('/en/no/such/page')
    t.equal(missing.statusCode, 404)
    t.match(missing.body, /Page Not Found/)
    const hidden = await get(`/en/listing/${pending.slug}`)
    t.equal(hidden.statusCode, 404)
    const fa = await get('/no-such-page')
    t.equal(fa.statusCode, 404)
    t.match(fa.body, /<html lang="fa" dir="rtl"/)
  })

  await t.test('impossible filters in the address are a 400 page with a way out, not a 500', async (t) => {
    const res = await get('/en/listings?min_price=-5&sort=cheapest')
    t.equal(res.statusCode, 400)
    t.match(res.body, /Invalid search/)
  })

  await t.test('state in the page is escaped: listing text cannot close the script', async (t) => {
    const res = await get(`/en/listing/${hostile.slug}`)
    t.equal(res.statusCode, 200)
    const scripts = res.body.match(/<script[^>]*>[\s\S]*?<\/script>/g) ?? []
    const state = scripts.find((s) => s.includes('__staticRouterHydrationData'))
    t.ok(state, 'hydration data present')
    t.notMatch(state!, /alert\(1\)<\/script>/)
    t.match(state!, /\\u003c\/script\\u003e\\u003cscript\\u003ealert\(1\)/)
    t.match(state!, /\\u0026 more \\u2028 line/)
    t.notOk(res.body.includes('<script>alert(1)</script>'), 'the text is escaped in the HTML too')
  })

  await t.test('security headers: CSP nonce on every script, nosniff, no framing', async (t) => {
    const res = await get('/en')
    const csp = String(res.headers['content-security-policy'])
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    t.ok(nonce)
    t.match(csp, /frame-ancestors 'none'/)
    t.equal(res.headers['x-content-type-options'], 'nosniff')
    t.ok(res.headers['referrer-policy'])
    // JSON-LD is a data block, never executed, so CSP does not apply to it (docs/decisions/022-seo.md)
    const all = res.body.match(/<script\b[^>]*>/g) ?? []
    const scripts = all.filter((tag) => tag !== '<script type="application/ld+json">')
    t.ok(all.length > scripts.length, 'the home page has its structured data')
    t.ok(scripts.length >= 1)
    for (const tag of scripts) t.ok(tag.includes(`nonce="${nonce}"`), `nonce on ${tag.slice(0, 60)}`)
  })

  await t.test("the document names the app's entry as its module script, and preloads its page's chunks", async (t) => {
    const res = await get('/en/listings')
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1]
    const modules = res.body.match(/<script type="module"[^>]*>/g) ?? []
    t.equal(modules.length, 1, 'one module script')
    t.match(modules[0]!, /src="\/assets\/entry\.client-[\w-]+\.js"/, 'the entry')
    t.match(modules[0]!, `nonce="${nonce}"`, 'with the CSP nonce')
    t.ok(res.body.indexOf(modules[0]!) > res.body.indexOf('</main>'), "after the page's content")
    const head = res.body.slice(0, res.body.indexOf('</head>'))
    const preloads = [...head.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!)
    t.ok(
      preloads.some((href) => href.startsWith('/assets/entry.client-')),
      'the head preloads the entry',
    )
    t.ok(
      preloads.some((href) => href.startsWith('/assets/framework-')),
      'and the framework it imports',
    )
    t.ok(
      preloads.some((href) => href.startsWith('/assets/listings-page-')),
      "and the page's own chunk",
    )
    t.ok(
      preloads.some((href) => href.startsWith('/assets/messages-')),
      "and the page's catalog",
    )
    const stylesheet = head.search(/<link rel="stylesheet" href="\/assets\/[^"]+\.css"/)
    t.ok(
      stylesheet >= 0 && stylesheet < head.indexOf('<link rel="modulepreload"'),
      'the stylesheet, which holds back the first paint, is asked for before the scripts',
    )
    t.notMatch(res.body, /first-contentful-paint|__khanehEarlyClicks/, 'no loader waits for the paint')
  })

  await t.test('pages are compressed when the browser accepts it', async (t) => {
    const res = await get('/en/listings', { 'accept-encoding': 'gzip' })
    t.equal(res.headers['content-encoding'], 'gzip')
  })
})
