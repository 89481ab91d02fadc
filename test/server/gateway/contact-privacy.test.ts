import t from 'tap'
import { buildTestStack, signInThroughGateway } from '../../helpers/build-gateway.ts'
import { makeCity, makeCountry, makeListing } from '../../helpers/factories.ts'

const ORIGIN = 'https://khaneh.example'
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'
const CONTACT = '+98 912 555 0173'
const leaks = (body: string) => body.includes(CONTACT) || body.includes('5550173')

// Both caches last a minute: a contact opened by one reader must never reach another reader's page
// or read through them, and a boost must be seen at once (docs/decisions/006-caches-and-their-lifetimes.md).
t.test('through the gateway: contact access and boosts', async (t) => {
  const { gateway, db } = await buildTestStack(t, {}, { publicCacheMs: 60_000 })
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin', { en: 'Berlin' })
  const owner = await signInThroughGateway(gateway, 9901)
  const reader = await signInThroughGateway(gateway, 9902)
  const stranger = await signInThroughGateway(gateway, 9903)
  const listing = await makeListing(db, {
    ownerId: owner.id,
    cityId: city.id,
    countryCode: 'DE',
    contact: CONTACT,
    slug: 'flat-with-a-contact',
  })
  type As = { cookies: Record<string, string> } | null
  const page = (url: string, as: As = null) =>
    gateway.inject({ url, headers: { 'user-agent': CHROME }, ...(as && { cookies: as.cookies }) })
  const api = (method: 'GET' | 'POST', url: string, as: As = null) =>
    gateway.inject({
      method,
      url: `/api/v1${url}`,
      headers: { origin: ORIGIN },
      ...(as && { cookies: as.cookies }),
      ...(method === 'POST' && { payload: {} }),
    })
  const pages = [`/en/listing/${listing.slug}`, `/listing/${listing.slug}`, '/en/listings', '/listings?city=berlin']

  // warm the caches
  for (const url of pages) t.equal((await page(url)).statusCode, 200, url)
  t.equal((await api('GET', `/listings/${listing.slug}?language=en`)).statusCode, 200)

  await t.test('a reader opens the contact through the gateway', async (t) => {
    const opened = await api('POST', `/listings/${listing.id}/contact`, reader)
    t.equal(opened.statusCode, 200, opened.body)
    t.equal(opened.json().data.contact_phone, CONTACT)
    t.equal(opened.json().data.rate_limit.remaining_accesses, 2)
    const own = await api('GET', `/listings/${listing.slug}?language=en`, reader)
    t.equal(own.json().data.contact, CONTACT, 'their listing read carries it')
    t.equal((await page(`/en/listing/${listing.slug}`, reader)).statusCode, 200)
  })

  await t.test('no other page or read carries it: anonymous, another reader, warm caches', async (t) => {
    for (const as of [null, stranger]) {
      const who = as ? 'another reader' : 'anonymous'
      for (const url of pages) {
        const res = await page(url, as)
        t.equal(res.statusCode, 200, `${who}: ${url}`)
        t.notOk(leaks(res.body), `${who}: ${url} (its HTML and its hydration state)`)
      }
      for (const url of [`/listings/${listing.slug}?language=en`, `/listings/${listing.id}`, '/listings']) {
        const res = await api('GET', url, as)
        t.notOk(leaks(res.body), `${who}: GET /api/v1${url}`)
      }
    }
  })

  await t.test("a boost through the gateway is seen at once by the warm caches' readers", async (t) => {
    await db.query(`UPDATE users SET free_boosts = 1 WHERE id = $1`, [owner.id])
    t.equal((await api('GET', `/listings/${listing.slug}?language=en`)).json().data.is_boosted, false)
    const boosted = await api('POST', `/listings/${listing.id}/boost`, owner)
    t.equal(boosted.statusCode, 200, boosted.body)
    const read = (await api('GET', `/listings/${listing.slug}?language=en`)).json().data
    t.equal(read.is_boosted, true, 'the anonymous read')
    t.equal(read.boost_until, boosted.json().data.boost_until)
    t.equal((await api('GET', `/listings/${listing.id}`)).json().data.is_boosted, true, 'by id too')
  })
})
