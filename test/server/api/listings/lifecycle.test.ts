import t from 'tap'
import { LISTING_ACTIVE_DAYS } from '../../../../shared/constants.ts'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing } from '../../../helpers/factories.ts'

const DAY = 86_400_000

t.test('POST /listings/{id}/duplicate', async (t) => {
  const { app, db } = await buildTestApi(t)
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin')
  const owner = await telegramSession(app, 9601)
  const other = await telegramSession(app, 9602)
  const admin = await telegramSession(app, 777)
  const call = (method: 'GET' | 'POST', url: string, token: string | null) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(method === 'POST' && { payload: {} }),
    })
  const original = await makeListing(db, {
    ownerId: owner.user.id,
    cityId: city.id,
    countryCode: 'DE',
    rent: 650,
    slug: 'private-room-berlin-0a1b2c3d',
  })
  await db.query(
    `UPDATE listings SET contact = '+49 151 1111111', verification_number = 'V-42', size_m2 = 30, favorite_count = 7, boost_until = now() + interval '2 days' WHERE id = $1`,
    [original.id],
  )
  await db.query(
    `INSERT INTO photos (listing_id, position, file_id, thumb_file_id, width, height) VALUES ($1, 0, 'dfirst000001-webp', 'dthumb000001-webp', 1600, 1200), ($1, 1, 'dsecond00001-webp', 'dthumb000002-webp', 800, 600)`,
    [original.id],
  )
  const removed = await makeListing(db, {
    ownerId: owner.user.id,
    cityId: city.id,
    countryCode: 'DE',
    status: 'removed',
  })

  await t.test('anonymous 401; another user 404; a removed or missing listing 404', async (t) => {
    t.equal((await call('POST', `/listings/${original.id}/duplicate`, null)).statusCode, 401)
    t.equal((await call('POST', `/listings/${original.id}/duplicate`, other.token)).statusCode, 404)
    t.equal((await call('POST', `/listings/${removed.id}/duplicate`, owner.token)).statusCode, 404)
    t.equal((await call('POST', '/listings/99999999/duplicate', owner.token)).statusCode, 404)
    const [{ n }] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM listings`)) as [{ n: number }]
    t.equal(n, 2, 'nothing was written')
  })

  await t.test("the owner gets a new pending listing with the original's fields and photos", async (t) => {
    const res = await call('POST', `/listings/${original.id}/duplicate`, owner.token)
    t.equal(res.statusCode, 201, res.body)
    const copy = res.json().data
    t.not(copy.id, original.id)
    t.match(copy.slug, /^private-room-berlin-[0-9a-f]{8}$/)
    t.not(copy.slug, original.slug)
    t.match(copy, {
      status: 'pending',
      rent: 650,
      size_m2: 30,
      contact: '+49 151 1111111',
      verification_number: 'V-42',
      favorite_count: 0,
      boost_until: null,
      owner: { id: owner.user.id },
    })
    t.same(
      copy.photos.map((p: { url: string }) => p.url),
      ['/api/telegramFile/dfirst000001-webp', '/api/telegramFile/dsecond00001-webp'],
      'same files, same order',
    )
    const rows = await db.query<{ id: number; listing_id: number }>(`SELECT id, listing_id FROM photos ORDER BY id`)
    t.equal(rows.length, 4, 'new photo rows')
    t.same(
      copy.photos.map((p: { id: number }) => p.id),
      rows.filter((r) => r.listing_id === copy.id).map((r) => r.id),
    )
    t.equal((await call('GET', `/listings/${copy.id}`, null)).statusCode, 404, 'the copy waits for moderation')
    t.equal(
      (await call('GET', `/listings/${original.id}`, null)).json().data.status,
      'active',
      'the original is untouched',
    )
  })

  await t.test("an admin's copy still belongs to the owner", async (t) => {
    const res = await call('POST', `/listings/${original.id}/duplicate`, admin.token)
    t.equal(res.statusCode, 201)
    t.equal(res.json().data.owner.id, owner.user.id)
  })
})

t.test('expiry after LISTING_ACTIVE_DAYS, and renewal', async (t) => {
  const { app, db } = await buildTestApi(t, { publicCacheMs: 60_000 })
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin')
  const owner = await telegramSession(app, 9611)
  const other = await telegramSession(app, 9612)
  const call = apiCaller(app)
  const make = (daysAgo: number, status = 'active') =>
    makeListing(db, {
      ownerId: owner.user.id,
      cityId: city.id,
      countryCode: 'DE',
      status,
      createdAt: new Date(Date.now() - daysAgo * DAY),
    })
  // the sweep the app starts with runs in the background (the sessions above started the app), and a sweep asked
  // for while it runs answers null: wait for its end, so that the sweeps below are this test's own
  while ((await app.listingJobs.expire()) === null) await new Promise((resolve) => setTimeout(resolve, 20))
  const old = await make(LISTING_ACTIVE_DAYS + 1)
  const young = await make(LISTING_ACTIVE_DAYS - 1)
  const rented = await make(5, 'rented')
  const ids = async () =>
    ((await call('GET', '/listings?sort=newest', null)).json().data.listings as Array<{ id: number }>).map((l) => l.id)

  await t.test(
    'the sweep expires active listings activated more than 60 days ago and drops the public cache',
    async (t) => {
      t.equal((await call('GET', `/listings/${old.id}`, null)).statusCode, 200)
      t.same(await ids(), [young.id, old.id])
      t.equal(await app.listingJobs.expire(), 1)
      t.equal(await app.listingJobs.expire(), 0, 'only once')
      const rows = await db.query<{ id: number; status: string }>(`SELECT id, status FROM listings ORDER BY id`)
      t.same(rows, [
        { id: old.id, status: 'expired' },
        { id: young.id, status: 'active' },
        { id: rented.id, status: 'rented' },
      ])
      t.equal((await call('GET', `/listings/${old.id}`, null)).statusCode, 404, 'not served from the cache')
      t.same(await ids(), [young.id])
    },
  )

  await t.test(
    'the own list shows expires_at for active listings and can_renew for expired or rented ones',
    async (t) => {
      const [activated] = await db.query<{ at: Date }>(`SELECT activated_at AS at FROM listings WHERE id = $1`, [
        young.id,
      ])
      const mine = (await call('GET', '/users/listings', owner.token)).json().data.listings as Array<
        Record<string, unknown>
      >
      const byId = new Map(mine.map((l) => [l.id, l]))
      t.match(byId.get(young.id), {
        status: 'active',
        can_renew: false,
        expires_at: new Date(new Date(activated!.at).getTime() + LISTING_ACTIVE_DAYS * DAY).toISOString(),
      })
      t.match(byId.get(old.id), { status: 'expired', can_renew: true, expires_at: null })
      t.match(byId.get(rented.id), { status: 'rented', can_renew: true, expires_at: null })
      t.notOk('analytics' in byId.get(young.id)!, 'no analytics unless asked')
    },
  )

  await t.test('renewal: the owner sends an expired listing back to moderation; nobody else can', async (t) => {
    t.equal((await call('PUT', `/users/listings/${old.id}/status`, null, { status: 'pending' })).statusCode, 401)
    t.equal((await call('PUT', `/users/listings/${old.id}/status`, other.token, { status: 'pending' })).statusCode, 404)
    t.equal(
      (await call('PUT', `/users/listings/${old.id}/status`, owner.token, { status: 'rented' })).statusCode,
      409,
      'expired → rented is not a transition',
    )
    const renewed = await call('PUT', `/users/listings/${old.id}/status`, owner.token, { status: 'pending' })
    t.equal(renewed.statusCode, 200)
    t.equal(renewed.json().data.status, 'pending')
    t.equal((await call('GET', `/listings/${old.id}`, null)).statusCode, 404, 'pending is not public')
    // approval (moderation) activates it again from now: the sweep leaves it alone for 60 more days
    await db.query(`UPDATE listings SET status = 'active', activated_at = now() WHERE id = $1`, [old.id])
    t.equal(await app.listingJobs.expire(), 0)
    const own = (await call('GET', '/users/listings?status=active', owner.token)).json().data.listings as Array<{
      id: number
      expires_at: string
    }>
    const expiresIn = new Date(own.find((l) => l.id === old.id)!.expires_at).getTime() - Date.now()
    t.ok(
      expiresIn > (LISTING_ACTIVE_DAYS - 1) * DAY && expiresIn <= LISTING_ACTIVE_DAYS * DAY,
      'expires 60 days after the new activation',
    )
  })
})

t.test('the sweep runs when the API starts', async (t) => {
  const { app, db } = await buildTestApi(t)
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin')
  const owner = await telegramSession(app, 9621)
  const listing = await makeListing(db, {
    ownerId: owner.user.id,
    cityId: city.id,
    countryCode: 'DE',
    createdAt: new Date(Date.now() - 90 * DAY),
  })
  // a second app on the same database: its start sweeps
  const { app: restarted } = await buildTestApi(t, { db })
  await restarted.ready()
  let status = ''
  // (a deadline, not a count of tries: a loaded machine runs the sweep late, never wrongly)
  for (const deadline = Date.now() + 10_000; status !== 'expired' && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 20))
    status = (await db.query<{ status: string }>(`SELECT status FROM listings WHERE id = $1`, [listing.id]))[0]!.status
  }
  t.equal(status, 'expired')
})
