import t from 'tap'
import { buildTestStack, signInThroughGateway } from '../../helpers/build-gateway.ts'
import { makeCity, makeCountry, makeListing } from '../../helpers/factories.ts'

const BASE = 'https://khaneh.example'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
const HTML_ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' }
const attr = (s: string) => s.replace(/&amp;|&quot;|&#x27;|&lt;|&gt;/g, (e) => HTML_ENTITIES[e]!)

type Node = Record<string, unknown> & { '@type': string | string[] }

/** Every JSON-LD block of a page, parsed (a block that is not valid JSON fails the test), flattened out of @graph. */
function jsonLd(html: string): Node[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].flatMap(([, text]) => {
    const data = JSON.parse(text!) as { '@context': string; '@graph'?: Node[] } & Node
    if (data['@context'] !== 'https://schema.org') throw new Error('no schema.org context')
    return data['@graph'] ?? [data]
  })
}
const ofType = (nodes: Node[], type: string) => nodes.find((n) => n['@type'] === type)
const canonical = (html: string) => attr(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? '')
const hreflangs = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, attr(m[2]!)]),
  )
const robots = (html: string) => /<meta name="robots" content="([^"]+)"/.exec(html)?.[1]

t.test('SEO of the server-rendered pages', async (t) => {
  const { gateway, db } = await buildTestStack(t)
  const owner = await signInThroughGateway(gateway, 6101, 'Roya')
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin', de: 'Berlin', fa: 'برلین' })
  const hostile = 'Bright flat. </script><script>alert("x")</script> <!-- & \u2028 done'
  const flat = await makeListing(db, {
    ownerId: owner.id,
    cityId: berlin.id,
    countryCode: 'DE',
    rent: 950,
    slug: 'bright-flat-berlin',
    description: hostile,
  })
  await db.query(
    `INSERT INTO photos (listing_id, position, file_id, thumb_file_id, width, height)
     VALUES ($1, 0, 'seofirst01-webp', 'seofirstt1-webp', 10, 10), ($1, 1, 'seosecond1-webp', 'seosecondt-webp', 10, 10)`,
    [flat.id],
  )
  const room = await makeListing(db, {
    ownerId: owner.id,
    cityId: berlin.id,
    countryCode: 'DE',
    type: 'private_room',
    slug: 'room-in-berlin',
  })
  const page = (url: string, cookies?: Record<string, string>) =>
    gateway.inject({ url, headers: { 'user-agent': GOOGLEBOT }, ...(cookies && { cookies }) })

  await t.test('home: Organization and WebSite with a SearchAction', async (t) => {
    const res = await page('/en')
    t.equal(res.statusCode, 200)
    const nodes = jsonLd(res.body)
    const org = ofType(nodes, 'Organization')
    t.equal(org?.url, `${BASE}/en`)
    t.equal(org?.logo, `${BASE}/logo.svg`)
    const site = ofType(nodes, 'WebSite') as { potentialAction: Record<string, unknown> } & Node
    t.equal(site.potentialAction['@type'], 'SearchAction')
    t.same(site.potentialAction.target, { '@type': 'EntryPoint', urlTemplate: `${BASE}/en/listings?city={city}` })
    t.equal(site.potentialAction['query-input'], 'required name=city')
    t.equal(ofType(jsonLd((await page('/')).body), 'WebSite')?.inLanguage, 'fa')
  })

  await t.test('a listing: Apartment with an Offer, breadcrumbs, og:image; text safely escaped', async (t) => {
    const res = await page('/en/listing/bright-flat-berlin')
    t.equal(res.statusCode, 200)
    t.notMatch(res.body, /<\/script><script>alert/, 'the listing text never ends the script element')
    const nodes = jsonLd(res.body)
    const place = ofType(nodes, 'Apartment') as Node & { offers: Record<string, unknown>; image: string }
    t.ok(place, 'an Apartment')
    t.equal(place.description, hostile, 'the text survives the escaping exactly')
    t.equal(place.url, `${BASE}/en/listing/bright-flat-berlin`)
    t.match(place.image, /^https:\/\/khaneh\.example\/.*seofirst01-webp/)
    t.same(
      { type: place.offers['@type'], price: place.offers.price, currency: place.offers.priceCurrency },
      { type: 'Offer', price: 950, currency: 'EUR' },
    )
    t.equal(place.offers.availability, 'https://schema.org/InStock')
    const crumbs = ofType(nodes, 'BreadcrumbList') as Node & { itemListElement: Array<Record<string, unknown>> }
    t.same(
      crumbs.itemListElement.map((c) => [c.position, c.item]),
      [
        [1, `${BASE}/en`],
        [2, `${BASE}/en/listings`],
        [3, `${BASE}/en/listings?country=DE&city=berlin`],
        [4, `${BASE}/en/listing/bright-flat-berlin`],
      ],
    )
    const ogImage = attr(/<meta property="og:image" content="([^"]+)"/.exec(res.body)?.[1] ?? '')
    t.match(ogImage, /^https:\/\/khaneh\.example\/.*seofirst01-webp/, 'og:image: the first photo, absolute')
    t.match(res.body, /<meta property="og:title" content="[^"]+"/)
    t.match(res.body, /<meta property="og:description" content="Bright flat\./)
    t.equal(robots(res.body), undefined, 'an active listing is indexed')
    t.equal(canonical(res.body), `${BASE}/en/listing/bright-flat-berlin`)
    const byId = await page(`/en/listing/${flat.id}`)
    t.equal(byId.statusCode, 200, 'a listing is found by its id too')
    t.equal(canonical(byId.body), `${BASE}/en/listing/bright-flat-berlin`, 'whose canonical is the slug address')
    t.equal(hreflangs(byId.body).fa, `${BASE}/listing/bright-flat-berlin`)
    t.match(byId.body, `<meta property="og:url" content="${BASE}/en/listing/bright-flat-berlin"/>`)
    t.equal(
      ofType(jsonLd((await page(`/de/listing/${room.slug}`)).body), 'Room')?.['@type'],
      'Room',
      'a room is a Room',
    )
  })

  await t.test('rented, expired and removed listings: 404 for the public, noindex for their owner', async (t) => {
    for (const status of ['rented', 'expired', 'removed']) {
      const listing = await makeListing(db, { ownerId: owner.id, cityId: berlin.id, countryCode: 'DE', status })
      const anonymous = await page(`/en/listing/${listing.slug}`)
      t.equal(anonymous.statusCode, 404, status)
      t.equal(robots(anonymous.body), 'noindex', `${status}: the 404 page is not indexed`)
      const own = await page(`/en/listing/${listing.slug}`, owner.cookies)
      t.equal(own.statusCode, 200, `${status}: its owner sees it`)
      t.equal(robots(own.body), 'noindex', `${status}: never indexed`)
      const offer = (ofType(jsonLd(own.body), 'Apartment') as Node & { offers: { availability: string } }).offers
      t.equal(offer.availability, 'https://schema.org/OutOfStock', status)
    }
  })

  await t.test('listings: ItemList; a city page with its own title and a clean canonical', async (t) => {
    const res = await page(
      '/en/listings?utm_source=news&city=berlin&fbclid=abc&gclid=x&sort=boosted&page=1&country=DE&type=apartment',
    )
    t.equal(res.statusCode, 200)
    t.equal(canonical(res.body), `${BASE}/en/listings?country=DE&city=berlin`)
    t.match(res.body, /<h1 id="results-title">Apartments and rooms for rent in Berlin<\/h1>/)
    t.match(res.body, /<title>Apartments and rooms for rent in Berlin · Khaneh<\/title>/)
    t.match(res.body, /<meta name="description" content="Apartments and rooms for rent in Berlin:/)
    const list = ofType(jsonLd(res.body), 'ItemList') as Node & { itemListElement: Array<Record<string, unknown>> }
    t.same(
      list.itemListElement.map((i) => i.position),
      [1],
      'the one apartment (type=apartment)',
    )
    t.equal(list.itemListElement[0]!.url, `${BASE}/en/listing/bright-flat-berlin`)
    const plain = await page('/en/listings?page=2&utm_campaign=x')
    t.equal(canonical(plain.body), `${BASE}/en/listings?page=2`, 'a later page keeps its number')
    t.equal(canonical((await page('/en/pricing?utm_source=x')).body), `${BASE}/en/pricing`)
    const fa = await page('/listings?city=berlin&country=DE')
    t.match(fa.body, /<h1 id="results-title">آپارتمان و اتاق برای اجاره در برلین<\/h1>/)
  })

  await t.test('hreflang is reciprocal: every alternate names the same set', async (t) => {
    for (const start of [
      '/en/listings?country=DE&city=berlin&utm_source=x',
      '/en/listing/bright-flat-berlin',
      '/faq',
    ]) {
      const first = hreflangs((await page(start)).body)
      t.same(Object.keys(first), ['fa', 'en', 'tr', 'es', 'de', 'it', 'x-default'], start)
      for (const [lang, href] of Object.entries(first)) {
        const res = await page(href.slice(BASE.length))
        t.equal(res.statusCode, 200, href)
        t.same(hreflangs(res.body), first, `${start} → ${lang}`)
        if (lang !== 'x-default') t.equal(canonical(res.body), href, `${href} is its own canonical`)
      }
    }
  })
})
