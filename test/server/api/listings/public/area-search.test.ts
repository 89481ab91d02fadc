import t from 'tap'
import { COUNT_CAP, MAP_POINTS_LIMIT } from '../../../../../shared/constants.ts'
import { ErrorEnvelopeSchema } from '../../../../../shared/schemas/errors.ts'
import { MapPointsSchema } from '../../../../../shared/schemas/listing.ts'
import { apiCaller, buildTestApi, telegramSession } from '../../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../../../helpers/factories.ts'

// The area search (docs/decisions/046-listing-location-privacy-and-area-search.md): `bbox` on GET /listings,
// GET /listings/points and saved alerts, combined with every other filter, on the public point only.

const CENTRAL = '13.35,52.50,13.45,52.55'

t.test('bbox on GET /listings and GET /listings/points', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin' }, true, { lat: 52.52, lng: 13.405 })
  const hamburg = await makeCity(db, 'DE', 'hamburg', { en: 'Hamburg' }, true, { lat: 53.5511, lng: 9.9937 })
  const owner = await makeUser(db)
  const inBerlin = { ownerId: owner.id, cityId: berlin.id, countryCode: 'DE' }
  const day = 86_400_000
  const flat = await makeListing(db, {
    ...inBerlin,
    rent: 800,
    publicPoint: { lat: 52.52, lng: 13.4 },
    createdAt: new Date(Date.now() - 3 * day),
  })
  const room = await makeListing(db, {
    ...inBerlin,
    type: 'private_room',
    rent: 500,
    publicPoint: { lat: 52.53, lng: 13.42 },
    createdAt: new Date(Date.now() - 2 * day),
  })
  const boosted = await makeListing(db, {
    ...inBerlin,
    rent: null,
    term: 'short',
    publicPoint: { lat: 52.54, lng: 13.44 },
    boostUntil: new Date(Date.now() + day),
    createdAt: new Date(Date.now() - 5 * day),
  })
  const outside = await makeListing(db, { ...inBerlin, publicPoint: { lat: 52.45, lng: 13.3 } })
  const unpinned = await makeListing(db, inBerlin)
  const pending = await makeListing(db, { ...inBerlin, status: 'pending', publicPoint: { lat: 52.52, lng: 13.41 } })
  const inHamburg = await makeListing(db, {
    ownerId: owner.id,
    cityId: hamburg.id,
    countryCode: 'DE',
    publicPoint: { lat: 53.55, lng: 9.99 },
  })
  // the pins (makeListing sets them 0.001° away) are never what a box is matched on: a box around the pin only
  const aroundPin = '13.3985,52.5205,13.3995,52.5215'

  const ids = async (query: string) => {
    const res = await call('GET', `/listings?${query}`)
    t.equal(res.statusCode, 200, `${query}: ${res.body}`)
    return (res.json().data.listings as Array<{ id: number }>).map((l) => l.id)
  }

  await t.test('alone, and with every other filter and order', async (t) => {
    t.same(await ids(`bbox=${CENTRAL}`), [boosted.id, room.id, flat.id], 'boosted first, then newest')
    const page = (await call('GET', `/listings?bbox=${CENTRAL}`)).json().data
    t.match(page.pagination, { total_items: 3, total_is_capped: false })
    t.same(await ids(`bbox=${CENTRAL}&sort=price_asc`), [room.id, flat.id, boosted.id])
    t.same(await ids(`bbox=${CENTRAL}&type=apartment&sort=newest`), [flat.id, boosted.id])
    t.same(await ids(`bbox=${CENTRAL}&max_price=600`), [room.id])
    t.same(await ids(`bbox=${CENTRAL}&term=short`), [boosted.id])
    t.same(await ids(`bbox=${CENTRAL}&city=berlin&country=de&min_price=700`), [flat.id])
    t.same(await ids(`bbox=${CENTRAL}&city=hamburg`), [], 'a box and a city elsewhere: nothing')
    t.same(await ids(`bbox=9.9,53.5,10.1,53.6`), [inHamburg.id])
    t.same(await ids(`bbox=${aroundPin}`), [], 'the pin is not searched')
    t.same(await ids(`bbox=13.0,52.0,14.0,53.0&sort=newest&limit=10`), [outside.id, room.id, flat.id, boosted.id])
    t.notOk((await ids('limit=50')).includes(pending.id))
    t.ok((await ids('limit=50')).includes(unpinned.id), 'without a box, listings without a pin are found')
  })

  await t.test('points: the same matches in the same order, public points only', async (t) => {
    const res = await call('GET', `/listings/points?bbox=${CENTRAL}`)
    t.equal(res.statusCode, 200, res.body)
    const answer = MapPointsSchema.parse(res.json().data)
    t.same(answer, {
      points: [
        { id: boosted.id, lat: 52.54, lng: 13.44, price: null, currency: 'EUR', rent_term: 'short' },
        { id: room.id, lat: 52.53, lng: 13.42, price: 500, currency: 'EUR', rent_term: 'long' },
        { id: flat.id, lat: 52.52, lng: 13.4, price: 800, currency: 'EUR', rent_term: 'long' },
      ],
      total: 3,
      total_is_capped: false,
      truncated: false,
    })
    const sorted = MapPointsSchema.parse(
      (await call('GET', `/listings/points?bbox=${CENTRAL}&sort=price_desc&type=apartment`)).json().data,
    )
    t.same(
      sorted.points.map((p) => p.id),
      [flat.id, boosted.id],
      'rent descending, negotiable last',
    )
    const all = MapPointsSchema.parse((await call('GET', '/listings/points?country=DE')).json().data)
    t.same(all.points.map((p) => p.id).sort(), [flat.id, room.id, boosted.id, outside.id, inHamburg.id].sort())
    t.notOk(
      all.points.some((p) => p.id === unpinned.id),
      'a listing without a pin is not on the map',
    )
    t.same(MapPointsSchema.parse((await call('GET', '/listings/points?city=atlantis')).json().data).points, [])
  })

  await t.test('at most MAP_POINTS_LIMIT points, then truncated, and the total counted', async (t) => {
    const extra = MAP_POINTS_LIMIT + 20
    await db.query(
      `INSERT INTO listings (slug, owner_id, type, country_code, city_id, rent_minor, currency, rent_eur_cents, description,
         status, created_at, public_lat, public_lng, exact_lat, exact_lng)
       SELECT 'bulk-' || g, $1, 'shared_room', 'DE', $2, 40000 + g, 'EUR', 40000 + g, 'A shared room in the west.', 'active',
              now() - g * interval '1 minute', 52.6 + g * 0.00001, 13.1, 52.6 + g * 0.00001, 13.101
         FROM generate_series(1, $3::int) g`,
      [owner.id, berlin.id, extra],
    )
    const west = MapPointsSchema.parse(
      (await call('GET', '/listings/points?bbox=13.0,52.59,13.2,52.7&sort=newest')).json().data,
    )
    t.equal(west.points.length, MAP_POINTS_LIMIT)
    t.match(west, { total: extra, total_is_capped: false, truncated: true })
    t.equal(west.points[0]!.price, 400.01, 'the newest first, as the search orders it')
    const page = (await call('GET', '/listings?bbox=13.0,52.59,13.2,52.7&sort=newest&limit=5')).json().data
    t.same(
      west.points.slice(0, 5).map((p) => p.id),
      page.listings.map((l: { id: number }) => l.id),
      'the first points are the first page',
    )
    t.ok(extra < COUNT_CAP)
  })

  await t.test('a bad bbox is a 400 with a field error on bbox, and changes nothing', async (t) => {
    const bad = [
      '13.35,52.50,13.45',
      '13.35,52.50,13.45,52.55,1',
      'a,b,c,d',
      '13.45,52.50,13.35,52.55',
      '13.35,52.55,13.45,52.50',
      '170,10,-170,20',
      '13.35,-91,13.45,52.55',
      '-181,52.50,13.45,52.55',
      'Infinity,52.50,13.45,52.55',
      '1e1,52.50,13.45,52.55',
      '13.35,52.50,13.35,52.55',
      '',
    ]
    for (const bbox of bad) {
      for (const path of ['/listings', '/listings/points']) {
        const res = await call('GET', `${path}?bbox=${encodeURIComponent(bbox)}&city=berlin`)
        t.equal(res.statusCode, 400, `${path} bbox=${bbox}`)
        const { error } = ErrorEnvelopeSchema.parse(res.json())
        t.equal(error.code, 'VALIDATION_ERROR')
        t.match(error.details, [{ path: 'bbox' }], `${path} bbox=${bbox}: the field named`)
      }
    }
    const older = await call('GET', '/listings/search?bbox=13.45,52.50,13.35,52.55')
    t.equal(older.statusCode, 400, 'the older search call too')
    t.same(
      (await call('GET', `/listings/search?bbox=${CENTRAL}&apartment_type=private_room`)).json().data.listings.length,
      1,
    )
    const renter = await telegramSession(app, 4601)
    const before = await db.query(`SELECT count(*)::int AS n FROM alerts`)
    const refused = await call('POST', '/alerts', renter.token, { name: 'Bad box', filters: { bbox: '1,2,3' } })
    t.equal(refused.statusCode, 400)
    t.match(refused.json().error.details, [{ path: 'filters.bbox' }])
    t.same(await db.query(`SELECT count(*)::int AS n FROM alerts`), before, 'no alert written')
  })
})

t.test('an alert with a bbox matches only new listings whose public point is in it', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin' }, true, { lat: 52.52, lng: 13.405 })
  const admin = await telegramSession(app, 777)
  const owner = await makeUser(db)
  const renter = await telegramSession(app, 4602)
  const created = await call('POST', '/alerts', renter.token, {
    name: 'Mitte, flats',
    filters: { bbox: CENTRAL, type: 'apartment' },
  })
  t.equal(created.statusCode, 201, created.body)
  const alert = created.json().data
  t.same(alert.filters, { bbox: '13.35,52.5,13.45,52.55', type: 'apartment' }, 'saved as GET /listings reads it')
  t.equal(
    (await call('GET', `/listings?${new URLSearchParams(alert.filters).toString()}`)).statusCode,
    200,
    'the saved filters open the search',
  )

  const approve = async (fields: Partial<Parameters<typeof makeListing>[1]>) => {
    const listing = await makeListing(db, {
      ownerId: owner.id,
      cityId: berlin.id,
      countryCode: 'DE',
      status: 'pending',
      ...fields,
    })
    const res = await call('PUT', `/admin/listings/${listing.id}/status`, admin.token, { status: 'active' })
    t.equal(res.statusCode, 200, res.body)
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM alert_matches WHERE alert_id = $1 AND listing_id = $2`,
      [alert.id, listing.id],
    )
    return row!.n
  }
  t.equal(await approve({ publicPoint: { lat: 52.52, lng: 13.4 } }), 1, 'inside: matched')
  t.equal(await approve({ publicPoint: { lat: 52.45, lng: 13.4 } }), 0, 'outside: not matched')
  t.equal(await approve({}), 0, 'without a pin: not matched')
  t.equal(await approve({ publicPoint: { lat: 52.52, lng: 13.4 }, type: 'private_room' }), 0, 'the other filters hold')
  // the pin lies 0.001° from the public point: a pin inside the box and a public point outside is not a match
  t.equal(await approve({ publicPoint: { lat: 52.5505, lng: 13.4 } }), 0, 'the public point decides, not the pin')

  const moved = await call('PUT', `/alerts/${alert.id}`, renter.token, { filters: { bbox: '13.0,52.0,14.0,53.0' } })
  t.equal(moved.statusCode, 200, moved.body)
  t.equal(await approve({ publicPoint: { lat: 52.45, lng: 13.4 } }), 1, 'a new box is matched at once')
  const unchanged = await call('PUT', `/alerts/${alert.id}`, renter.token, { filters: { bbox: '14,52,13,53' } })
  t.equal(unchanged.statusCode, 400)
  const [kept] = await db.query<{ bbox: number[] }>(`SELECT bbox FROM alerts WHERE id = $1`, [alert.id])
  t.same(kept!.bbox, [13, 52, 14, 53], 'a refused box leaves the alert as it was')
})
