import t from 'tap'
import { LOCATION_RADIUS_M } from '../../../../shared/constants.ts'
import { distanceM } from '../../../../shared/geo.ts'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry } from '../../../helpers/factories.ts'

// A listing's pin reaches nobody but its owner and the moderators; everyone else gets the public point,
// the same on every read, within 300 m (docs/decisions/046-listing-location-privacy-and-area-search.md).

const BERLIN = { lat: 52.52, lng: 13.405 }
// a pin off the 0.001° grid, so that no coordinate of the public point can equal it by construction
const PIN = { lat: 52.5301234, lng: 13.4123456 }

t.test('the pin: stored, shown to the owner and moderators, never to the public', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  await makeCountry(db, 'DE')
  await makeCity(db, 'DE', 'berlin', { en: 'Berlin' }, true, BERLIN)
  await makeCity(db, 'DE', 'hamburg', { en: 'Hamburg' }, true, { lat: 53.5511, lng: 9.9937 })
  const owner = await telegramSession(app, 4701)
  const other = await telegramSession(app, 4702)
  const admin = await telegramSession(app, 777)
  const renter = await telegramSession(app, 4703)
  const alert = await call('POST', '/alerts', renter.token, {
    name: 'Berlin',
    filters: { city: 'berlin', bbox: '13.3,52.4,13.5,52.6' },
    channels: ['telegram'],
  })
  t.equal(alert.statusCode, 201, alert.body)

  const body = {
    type: 'private_room',
    country: 'DE',
    city: 'berlin',
    rent: 640,
    description: 'A quiet room in a shared flat near Alexanderplatz, with a balcony.',
    contact: '+49 151 1112223',
    original_language: 'en',
    location: PIN,
  }
  const created = await call('POST', '/listings?language=en', owner.token, body)
  t.equal(created.statusCode, 201, created.body)
  const id = created.json().data.id as number
  const [stored] = await db.query<{ exact_lat: number; exact_lng: number; public_lat: number; public_lng: number }>(
    `SELECT exact_lat, exact_lng, public_lat, public_lng FROM listings WHERE id = $1`,
    [id],
  )
  const exact = { lat: stored!.exact_lat, lng: stored!.exact_lng }
  t.same(exact, { lat: 52.530123, lng: 13.412346 }, 'the pin is stored to 6 decimals')
  const shown = { lat: stored!.public_lat, lng: stored!.public_lng }
  t.ok(distanceM(exact, shown) <= LOCATION_RADIUS_M, `public point within ${LOCATION_RADIUS_M} m`)
  t.ok(distanceM(exact, shown) >= 15, 'and not on the pin')

  t.same(created.json().data.exact_location, exact, "the owner's answer carries the pin")
  t.same(created.json().data.location, { ...shown, radius_m: LOCATION_RADIUS_M })
  const queue = (await call('GET', '/admin/listings/pending', admin.token)).json().data.listings
  t.same(queue.find((l: { id: number }) => l.id === id)?.exact_location, exact, 'the moderation queue shows the pin')
  const approved = await call('PUT', `/admin/listings/${id}/status`, admin.token, { status: 'active' })
  t.equal(approved.statusCode, 200, approved.body)

  /** No public answer holds either coordinate of the pin, at the precision stored. */
  const leaks = (text: string) => [String(exact.lat), String(exact.lng)].filter((c) => text.includes(c))

  await t.test('the owner and an admin get the pin; nobody else does', async (t) => {
    t.same((await call('GET', `/listings/${id}`, owner.token)).json().data.exact_location, exact)
    t.same((await call('GET', `/listings/${id}`, admin.token)).json().data.exact_location, exact)
    for (const [who, token] of [
      ['anonymous', null],
      ['another user', other.token],
    ] as const) {
      const res = await call('GET', `/listings/${id}`, token)
      t.equal(res.statusCode, 200)
      t.notOk('exact_location' in res.json().data, `${who}: no exact_location`)
      t.same(res.json().data.location, { ...shown, radius_m: LOCATION_RADIUS_M }, `${who}: the public point`)
      t.same(leaks(res.body), [], `${who}: the listing's JSON holds no coordinate of the pin`)
    }
  })

  await t.test('search, points, sitemap and the alert hold only the public point', async (t) => {
    const answers = await Promise.all(
      [
        '/listings?city=berlin',
        '/listings?bbox=13.3,52.4,13.5,52.6&language=fa',
        '/listings/search?city=berlin',
        '/listings/points?city=berlin',
        '/listings/points?bbox=13.3,52.4,13.5,52.6',
        '/sitemap',
        `/sitemap/listings?after=0&until=${id}`,
      ].map(async (path) => [path, await call('GET', path)] as const),
    )
    for (const [path, res] of answers) {
      t.equal(res.statusCode, 200, `${path}: ${res.body.slice(0, 200)}`)
      t.same(leaks(res.body), [], `${path}: no coordinate of the pin`)
    }
    const points = answers[3]![1].json().data.points
    t.same(points, [{ id, ...shown, price: 640, currency: 'EUR', rent_term: 'long' }])
    const signedIn = await call('GET', '/listings?city=berlin', other.token)
    t.same(leaks(signedIn.body), [], 'a signed-in search neither')
    t.notOk(signedIn.body.includes('exact_location'))

    const outbox = await db.query<{ payload: unknown }>(`SELECT payload FROM notification_outbox`)
    t.equal(outbox.length, 1, 'the alert was sent')
    const notifications = await db.query<{ data: unknown; body: string }>(`SELECT data, body FROM notifications`)
    t.equal(notifications.length, 1)
    t.same(leaks(JSON.stringify([outbox, notifications])), [], "the alert's outbox and inbox rows neither")
  })

  await t.test('a box around the pin that misses the public point finds nothing', async (t) => {
    const d = 0.0002
    const around = [exact.lng - d, exact.lat - d, exact.lng + d, exact.lat + d].join(',')
    for (const path of ['/listings', '/listings/points']) {
      const res = (await call('GET', `${path}?bbox=${around}`)).json().data
      t.same(res.listings ?? res.points, [], path)
    }
  })

  await t.test('the public point is the same on every read and every write of the same pin', async (t) => {
    const reads = await Promise.all(
      [null, other.token, renter.token].map(async (token) => (await call('GET', `/listings/${id}`, token)).json().data),
    )
    for (const listing of reads) t.same(listing.location, { ...shown, radius_m: LOCATION_RADIUS_M })
    // written again a few centimetres away (the same cell): the same public point
    const again = await call('PUT', `/listings/${id}?language=en`, owner.token, {
      ...body,
      location: { lat: PIN.lat + 0.0000004, lng: PIN.lng - 0.0000004 },
    })
    t.equal(again.statusCode, 200, again.body)
    t.same(again.json().data.location, { ...shown, radius_m: LOCATION_RADIUS_M })
    // a second listing at the same address gets the same point: nothing to average across listings
    const twin = await call('POST', '/listings?language=en', other.token, body)
    t.same(twin.json().data.location, { ...shown, radius_m: LOCATION_RADIUS_M })
  })

  await t.test('writes: absent keeps the pin, null removes it, a bad one changes nothing', async (t) => {
    const { location: _pin, ...withoutPin } = body
    const kept = await call('PUT', `/listings/${id}?language=en`, owner.token, withoutPin)
    t.equal(kept.statusCode, 200, kept.body)
    t.ok(kept.json().data.exact_location, 'an update without `location` keeps the pin')
    const before = await db.query(`SELECT exact_lat, exact_lng, public_lat, public_lng, city_id FROM listings`)
    const refusals: Array<[object, string, string]> = [
      [{ location: { lat: 53.55, lng: 9.99 } }, 'location', 'too_far_from_city'],
      [{ location: { lat: 91, lng: 13.4 } }, 'location.lat', 'too_big'],
      [{ location: { lat: 52.5, lng: -181 } }, 'location.lng', 'too_small'],
      [{ location: { lat: '52.5', lng: 13.4 } }, 'location.lat', 'invalid_type'],
      [{ location: { lat: 52.5 } }, 'location.lng', 'invalid_type'],
      [{ city: 'hamburg' }, 'location', 'too_far_from_city'],
    ]
    const moved = await call('PUT', `/listings/${id}?language=en`, owner.token, { ...withoutPin, city: 'hamburg' })
    t.equal(moved.statusCode, 400, 'moved to a city 250 km away, the kept pin no longer fits')
    t.match(moved.json().error.details, [{ path: 'location', code: 'too_far_from_city' }])
    for (const [change, path, code] of refusals) {
      const res = await call('PUT', `/listings/${id}?language=en`, owner.token, { ...body, ...change })
      t.equal(res.statusCode, 400, `${JSON.stringify(change)}: ${res.body}`)
      t.match(res.json().error, { code: 'VALIDATION_ERROR', details: [{ path, code }] })
      const fresh = await call('POST', '/listings', owner.token, { ...body, ...change })
      t.equal(fresh.statusCode, 400, `create ${JSON.stringify(change)}`)
    }
    t.same(
      await db.query(`SELECT exact_lat, exact_lng, public_lat, public_lng, city_id FROM listings`),
      before,
      'nothing changed',
    )
    const removed = await call('PUT', `/listings/${id}?language=en`, owner.token, { ...body, location: null })
    t.equal(removed.statusCode, 200)
    t.match(removed.json().data, { location: null, exact_location: null })
    const [row] = await db.query(`SELECT exact_lat, public_lat FROM listings WHERE id = $1`, [id])
    t.same(row, { exact_lat: null, public_lat: null })
    const duplicate = await call(
      'POST',
      `/listings/${(await call('POST', '/listings', owner.token, body)).json().data.id}/duplicate`,
      owner.token,
    )
    t.same(duplicate.json().data.location, { ...shown, radius_m: LOCATION_RADIUS_M }, 'a copy keeps the pin')
  })
})
