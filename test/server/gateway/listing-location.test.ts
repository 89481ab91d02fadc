import t from 'tap'
import { apiCaller, telegramSession } from '../../helpers/build-api.ts'
import { buildTestStack } from '../../helpers/build-gateway.ts'
import { makeCity, makeCountry } from '../../helpers/factories.ts'

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'

// The pages carry a listing's public point, never its pin (docs/decisions/046-listing-location-privacy-and-area-search.md).
t.test("the listing's pages never hold its pin", async (t) => {
  const { gateway, api, db } = await buildTestStack(t)
  const call = apiCaller(api)
  await makeCountry(db, 'DE')
  await makeCity(db, 'DE', 'berlin', { en: 'Berlin' }, true, { lat: 52.52, lng: 13.405 })
  const owner = await telegramSession(api, 4801)
  const admin = await telegramSession(api, 777)
  const created = await call('POST', '/listings?language=en', owner.token, {
    type: 'apartment',
    country: 'DE',
    city: 'berlin',
    rent: 1350,
    description: 'A two-room flat by the canal, with a view over the water and a quiet yard.',
    contact: '+49 151 3334445',
    original_language: 'en',
    location: { lat: 52.4987654, lng: 13.4212345 },
  })
  t.equal(created.statusCode, 201, created.body)
  const { id, slug } = created.json().data
  t.equal((await call('PUT', `/admin/listings/${id}/status`, admin.token, { status: 'active' })).statusCode, 200)
  const [stored] = await db.query<{ exact_lat: number; exact_lng: number; public_lat: number; public_lng: number }>(
    `SELECT exact_lat, exact_lng, public_lat, public_lng FROM listings WHERE id = $1`,
    [id],
  )
  const pin = [String(stored!.exact_lat), String(stored!.exact_lng)]
  t.same(pin, ['52.498765', '13.421235'])

  for (const url of [
    `/en/listing/${slug}`,
    `/listing/${slug}`,
    '/en/listings?city=berlin',
    '/en/listings?bbox=13.3,52.4,13.5,52.6',
  ]) {
    const res = await gateway.inject({ url, headers: { 'user-agent': CHROME } })
    t.equal(res.statusCode, 200, url)
    t.ok(
      res.body.includes(`/listing/${slug}`) || res.body.includes(String(stored!.public_lat)),
      `${url}: the listing is on it`,
    )
    t.same(
      pin.filter((c) => res.body.includes(c)),
      [],
      `${url}: no coordinate of the pin`,
    )
  }
  const elsewhere = await gateway.inject({
    url: '/en/listings?bbox=9.9,53.5,10.1,53.6',
    headers: { 'user-agent': CHROME },
  })
  t.equal(elsewhere.statusCode, 200)
  t.notOk(elsewhere.body.includes(`/listing/${slug}`), 'the page searches the box of its URL')
})
