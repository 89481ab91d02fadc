import t from 'tap'
import { LOCALE_CODES } from '../../../shared/locales.ts'
import { buildTestStack } from '../../helpers/build-gateway.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../helpers/factories.ts'

const BASE = 'https://khaneh.example'
const HREFLANGS = [...LOCALE_CODES, 'x-default']

interface UrlEntry {
  loc: string
  lastmod: string | undefined
  alternates: Array<{ hreflang: string; href: string }>
}

const unescape = (s: string) => s.replaceAll('&amp;', '&')

function urls(xml: string): UrlEntry[] {
  return [...xml.matchAll(/<url>(.*?)<\/url>/g)].map(([, inner]) => ({
    loc: unescape(/<loc>(.*?)<\/loc>/.exec(inner!)![1]!),
    lastmod: /<lastmod>(.*?)<\/lastmod>/.exec(inner!)?.[1],
    alternates: [...inner!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(
      ([, hreflang, href]) => ({ hreflang: hreflang!, href: unescape(href!) }),
    ),
  }))
}
const sitemapLocs = (xml: string) => [...xml.matchAll(/<sitemap><loc>(.*?)<\/loc>/g)].map((m) => m[1]!)

/** `count` active listings in one statement (ids ascending), plus one listing in each non-public status. */
async function seed(db: { query: (sql: string, params?: unknown[]) => Promise<unknown[]> }, count: number) {
  const owner = await makeUser(db as never)
  await makeCountry(db as never, 'DE')
  await makeCountry(db as never, 'TR', { en: 'Turkey' }, 'TRY')
  const berlin = await makeCity(db as never, 'DE', 'berlin', { en: 'Berlin' })
  const istanbul = await makeCity(db as never, 'TR', 'istanbul', { en: 'Istanbul' })
  await makeCity(db as never, 'DE', 'empty-town') // no listings: no city page
  await db.query(
    `INSERT INTO listings (slug, owner_id, type, country_code, city_id, rent_minor, currency, rent_eur_cents, description, status, updated_at)
     SELECT 'bulk-' || g, $1, 'apartment', CASE WHEN g % 2 = 0 THEN 'DE' ELSE 'TR' END,
            CASE WHEN g % 2 = 0 THEN $2::int ELSE $3::int END, 80000, 'EUR', 80000, 'A flat.', 'active',
            timestamptz '2026-01-01T00:00:00Z' + g * interval '1 minute'
       FROM generate_series(1, $4::int) g`,
    [owner.id, berlin.id, istanbul.id, count],
  )
  for (const status of ['rented', 'expired', 'removed', 'pending', 'rejected'])
    await makeListing(db as never, {
      ownerId: owner.id,
      cityId: berlin.id,
      countryCode: 'DE',
      status,
      slug: `hidden-${status}`,
    })
}

t.test('sitemap index, chunks and alternates (chunks of 10, read 3 listings at a time)', async (t) => {
  const { gateway, db } = await buildTestStack(t, { sitemapChunkSize: 10, sitemapPageSize: 3 })
  await seed(db, 25)
  const get = (url: string) => gateway.inject({ url })

  const index = await get('/sitemap.xml')
  t.equal(index.statusCode, 200)
  t.match(index.headers['content-type'], /^application\/xml; charset=utf-8/)
  t.match(index.headers['cache-control'], /public, max-age=\d+/)
  t.match(
    index.body,
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
  )
  const locs = sitemapLocs(index.body)
  // 4 static + 5 content pages + 2 cities = 11 pages → 2 chunks; 25 listings → 3 chunks; per language
  const expected = LOCALE_CODES.flatMap((l) => [
    `${BASE}/sitemaps/${l}-pages-1.xml`,
    `${BASE}/sitemaps/${l}-pages-2.xml`,
    `${BASE}/sitemaps/${l}-listings-1.xml`,
    `${BASE}/sitemaps/${l}-listings-2.xml`,
    `${BASE}/sitemaps/${l}-listings-3.xml`,
  ])
  t.same(locs, expected)
  t.equal([...index.body.matchAll(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/g)].length, expected.length)

  await t.test('listing chunks: every active listing once, in order, nothing hidden', async (t) => {
    const seen: string[] = []
    for (const [n, size] of [
      [1, 10],
      [2, 10],
      [3, 5],
    ] as const) {
      const res = await get(`/sitemaps/en-listings-${n}.xml`)
      t.equal(res.statusCode, 200)
      t.match(res.headers['content-type'], /^application\/xml/)
      t.match(
        res.body,
        /<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/,
      )
      t.match(res.body, /<\/urlset>\n$/)
      const entries = urls(res.body)
      t.equal(entries.length, size, `chunk ${n}`)
      seen.push(...entries.map((e) => e.loc))
    }
    t.same(
      seen,
      Array.from({ length: 25 }, (_, i) => `${BASE}/en/listing/bulk-${i + 1}`),
    )
    t.notMatch(seen.join(' '), /hidden-/)
    t.equal((await get('/sitemaps/en-listings-4.xml')).statusCode, 404)
  })

  await t.test('each URL names all six languages and x-default, and its lastmod', async (t) => {
    const [first] = urls((await get('/sitemaps/de-listings-1.xml')).body)
    t.equal(first!.loc, `${BASE}/de/listing/bulk-1`)
    t.equal(first!.lastmod, '2026-01-01T00:01:00.000Z')
    t.same(
      first!.alternates.map((a) => a.hreflang),
      HREFLANGS,
    )
    t.same(
      first!.alternates.map((a) => a.href),
      [
        `${BASE}/listing/bulk-1`,
        `${BASE}/en/listing/bulk-1`,
        `${BASE}/tr/listing/bulk-1`,
        `${BASE}/es/listing/bulk-1`,
        `${BASE}/de/listing/bulk-1`,
        `${BASE}/it/listing/bulk-1`,
        `${BASE}/listing/bulk-1`,
      ],
    )
  })

  await t.test('pages chunks: static, content and city pages; Persian unprefixed', async (t) => {
    const one = await get('/sitemaps/fa-pages-1.xml')
    const two = await get('/sitemaps/fa-pages-2.xml')
    t.equal(one.statusCode, 200)
    t.equal(two.statusCode, 200)
    const entries = [...urls(one.body), ...urls(two.body)]
    t.same(
      entries.map((e) => e.loc),
      [
        `${BASE}/`,
        `${BASE}/listings`,
        `${BASE}/pricing`,
        `${BASE}/contact-us`,
        `${BASE}/about-us`,
        `${BASE}/faq`,
        `${BASE}/privacy-policy`,
        `${BASE}/safety-guide`,
        `${BASE}/terms-of-use`,
        `${BASE}/listings?country=DE&city=berlin`,
        `${BASE}/listings?country=TR&city=istanbul`,
      ],
    )
    t.match(one.body, /country=DE&amp;city=berlin/, 'the query is escaped in XML')
    const city = entries.find((e) => e.loc.includes('istanbul'))!
    t.equal(city.alternates.find((a) => a.hreflang === 'it')?.href, `${BASE}/it/listings?country=TR&city=istanbul`)
    t.match(city.lastmod, /^2026-01-01T00:25:00.000Z$/, 'the newest listing of the city (bulk-25 is odd: Turkey)')
    for (const e of entries)
      t.same(
        e.alternates.map((a) => a.hreflang),
        HREFLANGS,
        e.loc,
      )
    const en = urls((await get('/sitemaps/en-pages-1.xml')).body)
    t.equal(en[0]!.loc, `${BASE}/en`)
    t.equal(en[8]!.loc, `${BASE}/en/terms-of-use`)
  })

  await t.test('unknown sitemaps are 404', async (t) => {
    for (const url of [
      '/sitemaps/xx-pages-1.xml',
      '/sitemaps/en-pages-3.xml',
      '/sitemaps/en-photos-1.xml',
      '/sitemaps/en-listings-0.xml',
    ])
      t.equal((await get(url)).statusCode, 404, url)
  })
})

t.test('a larger sitemap streams correctly across several chunks and many keyset reads', async (t) => {
  const { gateway, db } = await buildTestStack(t, { sitemapChunkSize: 400, sitemapPageSize: 37 })
  await seed(db, 1000)
  const index = sitemapLocs((await gateway.inject({ url: '/sitemap.xml' })).body)
  t.equal(index.filter((l) => l.includes('/it-listings-')).length, 3)
  const all: string[] = []
  for (const n of [1, 2, 3]) {
    const res = await gateway.inject({ url: `/sitemaps/it-listings-${n}.xml`, headers: { 'accept-encoding': 'gzip' } })
    t.equal(res.statusCode, 200)
    t.equal(res.headers['content-encoding'], 'gzip')
    t.notOk(res.headers['content-length'], 'streamed, no length known up front')
    const { gunzipSync } = await import('node:zlib')
    const entries = urls(gunzipSync(res.rawPayload).toString('utf8'))
    t.equal(entries.length, n === 3 ? 200 : 400)
    all.push(...entries.map((e) => e.loc))
  }
  t.equal(new Set(all).size, 1000)
  t.equal(all[0], `${BASE}/it/listing/bulk-1`)
  t.equal(all[999], `${BASE}/it/listing/bulk-1000`)
})

t.test('robots.txt: the sitemap and the private areas in every language', async (t) => {
  const { gateway } = await buildTestStack(t)
  const res = await gateway.inject({ url: '/robots.txt' })
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^text\/plain/)
  const lines = res.body.split('\n')
  t.ok(lines.includes('User-agent: *'))
  t.ok(lines.includes(`Sitemap: ${BASE}/sitemap.xml`))
  for (const path of ['/dashboard', '/auth', '/api']) {
    t.ok(lines.includes(`Disallow: ${path}`), path)
    for (const l of ['en', 'tr', 'es', 'de', 'it']) t.ok(lines.includes(`Disallow: /${l}${path}`), `/${l}${path}`)
  }
  t.notOk(
    lines.some((l) => l === 'Disallow: /'),
    'the public pages stay open',
  )
})

t.test('the API unreachable: the sitemap is a 502, robots.txt still answers', async (t) => {
  const { gateway } = await buildTestStack(t, { apiUrl: 'http://127.0.0.1:9' })
  const res = await gateway.inject({ url: '/sitemap.xml' })
  t.equal(res.statusCode, 502)
  t.equal(res.json().error.code, 'UPSTREAM_UNAVAILABLE')
  t.equal((await gateway.inject({ url: '/sitemaps/en-listings-1.xml' })).statusCode, 502)
  t.equal((await gateway.inject({ url: '/robots.txt' })).statusCode, 200)
})
