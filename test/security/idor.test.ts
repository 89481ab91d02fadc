import sharp from 'sharp'
import t from 'tap'
import { diskPhotoStore } from '../../server/integrations/photos/disk-store.ts'
import { apiCaller, buildTestApi, telegramSession, type ApiMethod } from '../helpers/build-api.ts'
import { databaseDigest } from '../helpers/digest.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../helpers/factories.ts'
import { registeredRoutes } from '../helpers/routes.ts'

// Objects one user owns, attacked by another: every route whose path names an object is either
// here with the attempts a stranger makes on it, or among the routes that name nothing owned. A new
// route with a parameter in neither list fails the first test.

/** Routes whose parameter names nothing a user owns. */
const NAMES_NOTHING_OWNED: Record<string, string> = {
  'GET /api/v1/content/:locale': 'a language of the site’s pages',
  'GET /api/v1/locations/countries/:country/cities': 'a country, public',
  'GET /api/v1/coupons/info/:code': 'a coupon’s public terms, for whoever holds its code',
  'POST /api/v1/listings/:id/view': 'a view of a public listing: counted for anyone, or silently not',
  'GET /api/v1/photos/:fileId': 'a photo, to whoever holds its id, as the gateway’s /api/telegramFile serves it',
}

/** One request of the stranger; `allowed` are the statuses it may answer (403/404 unless said). */
interface Attempt {
  url: string
  body?: object
  /** A payment's start carries its Idempotency-Key. */
  headers?: Record<string, string>
  allowed?: number[]
  /** Why a status other than 403/404 is no leak here. */
  why?: string
}

t.test('IDOR: a stranger can neither read nor change what another user owns', async (t) => {
  const dataDir = t.testdir()
  const { app, db } = await buildTestApi(t, { photos: diskPhotoStore(dataDir) })
  const call = apiCaller(app)
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin')
  const owner = await telegramSession(app, 9601, 'Owner')
  const stranger = await telegramSession(app, 9602, 'Stranger')
  const admin = await telegramSession(app, 777, 'Admin')
  const third = await makeUser(db)

  // what the owner has: listings (published, pending, one with photos), a favourite, an alert, a
  // notification, a payment, a push subscription; a report and a coupon for the admin's routes
  const active = await makeListing(db, { ownerId: owner.user.id, cityId: berlin.id, countryCode: 'DE' })
  const pending = await makeListing(db, {
    ownerId: owner.user.id,
    cityId: berlin.id,
    countryCode: 'DE',
    status: 'pending',
  })
  const othersListing = await makeListing(db, { ownerId: third.id, cityId: berlin.id, countryCode: 'DE' })
  const strangersListing = await makeListing(db, { ownerId: stranger.user.id, cityId: berlin.id, countryCode: 'DE' })
  const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer()
  const form = new FormData()
  form.append('photos', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'flat.jpg')
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/v1/upload/photos',
    headers: { authorization: `Bearer ${owner.token}` },
    payload: form,
  })
  t.equal(uploaded.statusCode, 200, 'the owner uploads a photo')
  const listingBody = {
    type: 'apartment',
    country: 'DE',
    city: 'berlin',
    rent: 900,
    description: 'A quiet two-room flat near the park, bright and furnished.',
    contact: '@owner',
    photos: [uploaded.json().data.photos[0].file_id],
  }
  const withPhotos = (await call('POST', '/listings', owner.token, listingBody)).json().data.id as number
  const photoId = (await call('GET', `/upload/listings/${withPhotos}/photos`, owner.token)).json().data.photos[0]
    .id as number
  t.equal((await call('POST', `/favorites/${active.id}`, owner.token)).statusCode, 200, 'the owner saves a listing')
  const alert = await call('POST', '/alerts', owner.token, {
    name: 'Berlin',
    filters: { city: 'berlin' },
    channels: ['telegram'],
  })
  t.equal(alert.statusCode, 201, 'the owner saves a search')
  const alertId = alert.json().data.id as number
  const [notification] = await db.query<{ id: number }>(
    `INSERT INTO notifications (user_id, title, body, data) VALUES ($1, 'Berlin', 'Berlin · 800 EUR', '{}') RETURNING id::int AS id`,
    [owner.user.id],
  )
  const purchase = await app.inject({
    method: 'POST',
    url: '/api/v1/subscription/purchase',
    headers: { authorization: `Bearer ${owner.token}`, 'idempotency-key': 'idor-owner-1' },
    payload: { plan_key: 'quarterly' },
  })
  t.equal(purchase.statusCode, 200, 'the owner starts a payment')
  const paymentId = purchase.json().data.payment_id as string
  const endpoint = 'https://push.example.test/send/owner'
  t.equal(
    (await call('POST', '/alerts/push-subscriptions', owner.token, { endpoint, keys: { p256dh: 'BPk', auth: 'au' } }))
      .statusCode,
    200,
    'the owner subscribes to push',
  )
  const report = await call('POST', `/listings/${othersListing.id}/report`, owner.token, { reason: 'spam' })
  t.equal(report.statusCode, 201, 'the owner reports a listing')
  const coupon = await call('POST', '/admin/coupons', admin.token, {
    code: 'IDOR',
    kind: 'grant',
    grant: { ai_credits: 5 },
    max_uses: 10,
  })
  t.equal(coupon.statusCode, 201, 'the admin makes a coupon')

  const listingId = { active: active.id, pending: pending.id }
  /** What the stranger tries, by route: every method on every object of the owner's. */
  const attempts: Record<string, Attempt[]> = {
    'GET /api/v1/listings/:id': [{ url: `/listings/${listingId.pending}` }],
    'PUT /api/v1/listings/:id': [{ url: `/listings/${withPhotos}`, body: listingBody }],
    'DELETE /api/v1/listings/:id': [{ url: `/listings/${listingId.active}` }],
    'GET /api/v1/listings/:id/translations': [{ url: `/listings/${listingId.pending}/translations` }],
    'POST /api/v1/listings/:id/boost': [{ url: `/listings/${listingId.active}/boost`, body: {} }],
    'POST /api/v1/listings/:id/contact': [{ url: `/listings/${listingId.pending}/contact`, body: {} }],
    'POST /api/v1/listings/:id/duplicate': [{ url: `/listings/${listingId.active}/duplicate` }],
    'POST /api/v1/listings/:id/report': [{ url: `/listings/${listingId.pending}/report`, body: { reason: 'spam' } }],
    'GET /api/v1/upload/listings/:id/photos': [{ url: `/upload/listings/${withPhotos}/photos` }],
    'DELETE /api/v1/upload/listings/:id/photos/:photoId': [
      { url: `/upload/listings/${withPhotos}/photos/${photoId}` },
      // the owner's photo through the stranger's own listing
      { url: `/upload/listings/${strangersListing.id}/photos/${photoId}` },
    ],
    'GET /api/v1/users/listings/:id/analytics': [{ url: `/users/listings/${listingId.active}/analytics` }],
    'PUT /api/v1/users/listings/:id/status': [
      { url: `/users/listings/${listingId.active}/status`, body: { status: 'rented' } },
    ],
    'POST /api/v1/favorites/:id': [{ url: `/favorites/${listingId.pending}` }],
    'DELETE /api/v1/favorites/:id': [
      {
        url: `/favorites/${listingId.active}`,
        allowed: [200, 404],
        why: 'the stranger’s own favourite of that listing (none): the owner’s stays',
      },
    ],
    'GET /api/v1/alerts/:id/matches': [{ url: `/alerts/${alertId}/matches` }],
    'PUT /api/v1/alerts/:id': [{ url: `/alerts/${alertId}`, body: { name: 'Mine now' } }],
    'DELETE /api/v1/alerts/:id': [{ url: `/alerts/${alertId}` }],
    'PUT /api/v1/alerts/notifications/:id/read': [{ url: `/alerts/notifications/${notification!.id}/read` }],
    'GET /api/v1/payments/:id': [{ url: `/payments/${paymentId}` }],
    'POST /api/v1/payments/sandbox/:id/confirm': [{ url: `/payments/sandbox/${paymentId}/confirm` }],
    'POST /api/v1/payments/sandbox/:id/cancel': [{ url: `/payments/sandbox/${paymentId}/cancel` }],
    'POST /api/v1/payments/listings/:id/boost': [
      { url: `/payments/listings/${listingId.active}/boost`, headers: { 'idempotency-key': 'idor-stranger-1' } },
    ],
    'POST /api/v1/payments/listings/:id/contact': [
      { url: `/payments/listings/${listingId.pending}/contact`, headers: { 'idempotency-key': 'idor-stranger-2' } },
    ],
    'PUT /api/v1/admin/listings/:id/status': [
      { url: `/admin/listings/${listingId.pending}/status`, body: { status: 'active' } },
    ],
    'PUT /api/v1/admin/reports/:id': [
      { url: `/admin/reports/${report.json().data.id}`, body: { status: 'dismissed' } },
    ],
    'PUT /api/v1/admin/coupons/:code': [{ url: '/admin/coupons/IDOR', body: { is_active: false } }],
    // objects named in the body rather than the path
    'DELETE /api/v1/alerts/push-subscriptions': [
      {
        url: '/alerts/push-subscriptions',
        body: { endpoint },
        allowed: [200, 404],
        why: 'the stranger’s own subscription at that address (none): the owner’s stays',
      },
    ],
    'POST /api/v1/ai/analyze-listing': [
      { url: '/ai/analyze-listing', body: { listing_id: listingId.pending, language: 'en' } },
    ],
    'POST /api/v1/ai/compare-listings': [
      {
        url: '/ai/compare-listings',
        body: { listing_1_id: listingId.active, listing_2_id: listingId.pending, language: 'en' },
      },
    ],
  }

  const routes = registeredRoutes(app)
  await t.test('every route naming an object has attempts here, or is listed as naming nothing owned', async (t) => {
    const withParameter = routes.filter((route) => route.includes(':'))
    t.ok(withParameter.length > 20, `the route tree was read (${withParameter.length} routes with a parameter)`)
    t.same(
      withParameter.filter((route) => !(route in attempts) && !(route in NAMES_NOTHING_OWNED)),
      [],
      'no route with a parameter is in neither list (add its attempts above)',
    )
    t.same(
      [...Object.keys(attempts), ...Object.keys(NAMES_NOTHING_OWNED)].filter((route) => !routes.includes(route)),
      [],
      'every route listed is one the API has',
    )
    t.same(
      Object.keys(attempts).filter((route) => route in NAMES_NOTHING_OWNED),
      [],
      'no route is in both lists',
    )
  })

  for (const [route, tries] of Object.entries(attempts)) {
    const method = route.split(' ')[0] as ApiMethod
    for (const attempt of tries) {
      await t.test(`${method} ${attempt.url} by a stranger → refused, nothing changed`, async (t) => {
        const before = await databaseDigest(db)
        const res = await app.inject({
          method,
          url: `/api/v1${attempt.url}`,
          headers: { authorization: `Bearer ${stranger.token}`, ...attempt.headers },
          ...(method !== 'GET' && { payload: attempt.body ?? {} }),
        })
        const allowed = attempt.allowed ?? [403, 404]
        t.ok(
          allowed.includes(res.statusCode),
          `answers ${allowed.join(' or ')}${attempt.why ? ` (${attempt.why})` : ''}`,
          {
            status: res.statusCode,
            body: res.body.slice(0, 300),
          },
        )
        t.same(await databaseDigest(db), before, 'no row changed')
        t.notMatch(res.body, /Owner|@owner|idor-owner|push\.example\.test/, 'nothing of the owner’s in the answer')
      })
    }
  }

  await t.test('the owner still has everything, as before (read back as the owner)', async (t) => {
    t.equal((await call('GET', `/listings/${listingId.pending}`, owner.token)).statusCode, 200, 'the pending listing')
    t.equal((await call('GET', `/upload/listings/${withPhotos}/photos`, owner.token)).json().data.photos.length, 1)
    t.same(
      (await call('GET', `/favorites/marks?ids=${listingId.active}`, owner.token))
        .json()
        .data.marks.map((mark: { listing_id: number }) => mark.listing_id),
      [listingId.active],
      'the favourite',
    )
    t.equal((await call('GET', '/alerts', owner.token)).json().data.items[0].name, 'Berlin', 'the alert')
    t.equal((await call('GET', `/payments/${paymentId}`, owner.token)).json().data.status, 'pending', 'the payment')
  })
})
