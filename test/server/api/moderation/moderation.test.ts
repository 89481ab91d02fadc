import t from 'tap'
import { apiCaller, buildTestApi, telegramSession, type ApiMethod } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../../helpers/factories.ts'
import type { Db } from '../../../../server/api/db/client.ts'

async function setup(db: Db) {
  await makeCountry(db, 'DE')
  return makeCity(db, 'DE', 'berlin', { en: 'Berlin' })
}

const ids = (list: Array<{ id: number }>) => list.map((l) => l.id)
const statusOf = async (db: Db, id: number) =>
  (
    await db.query<{ status: string; status_reason: string | null }>(
      `SELECT status, status_reason FROM listings WHERE id = $1`,
      [id],
    )
  )[0]!

t.test('admin routes: 401 for anonymous callers, 403 for users; nothing changes', async (t) => {
  const { app, db } = await buildTestApi(t)
  const city = await setup(db)
  const call = apiCaller(app)
  const user = await telegramSession(app, 9501)
  const listing = await makeListing(db, {
    ownerId: user.user.id,
    cityId: city.id,
    countryCode: 'DE',
    status: 'pending',
  })
  const [report] = await db.query<{ id: number }>(
    `INSERT INTO listing_reports (listing_id, reporter_id, reason) VALUES ($1, $2, 'spam') RETURNING id`,
    [listing.id, user.user.id],
  )
  const routes: Array<[ApiMethod, string, object?]> = [
    ['GET', '/admin/listings/pending'],
    ['PUT', `/admin/listings/${listing.id}/status`, { status: 'active' }],
    ['PUT', `/admin/listings/${listing.id}/status`, { status: 'nonsense' }],
    ['GET', '/admin/reports'],
    ['PUT', `/admin/reports/${report!.id}`, { status: 'resolved', remove_listing: true }],
    ['GET', '/admin/stats/overview'],
  ]
  for (const [method, url, body] of routes) {
    const anonymous = await call(method, url, null, body)
    t.equal(anonymous.statusCode, 401, `${method} ${url} anonymous`)
    t.equal(anonymous.json().error.code, 'UNAUTHENTICATED')
    const forbidden = await call(method, url, user.token, body)
    t.equal(forbidden.statusCode, 403, `${method} ${url} as a user`)
    t.equal(forbidden.json().error.code, 'FORBIDDEN')
  }
  t.same(await statusOf(db, listing.id), { status: 'pending', status_reason: null })
  const [r] = await db.query<{ status: string }>(`SELECT status FROM listing_reports WHERE id = $1`, [report!.id])
  t.equal(r!.status, 'open')
})

t.test('the pending queue: oldest first, the owner view with contact and photos; page sizes 1–100', async (t) => {
  const { app, db } = await buildTestApi(t)
  const city = await setup(db)
  const call = apiCaller(app)
  const admin = await telegramSession(app, 777)
  const owner = await makeUser(db, { first_name: 'Sara', username: 'sara' })
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000)
  const newer = await makeListing(db, {
    ownerId: owner.id,
    cityId: city.id,
    countryCode: 'DE',
    status: 'pending',
    createdAt: at(10),
  })
  const oldest = await makeListing(db, {
    ownerId: owner.id,
    cityId: city.id,
    countryCode: 'DE',
    status: 'pending',
    createdAt: at(30),
  })
  const middle = await makeListing(db, {
    ownerId: owner.id,
    cityId: city.id,
    countryCode: 'DE',
    status: 'pending',
    createdAt: at(20),
  })
  await makeListing(db, { ownerId: owner.id, cityId: city.id, countryCode: 'DE', status: 'active', createdAt: at(40) })
  await makeListing(db, {
    ownerId: owner.id,
    cityId: city.id,
    countryCode: 'DE',
    status: 'rejected',
    createdAt: at(50),
  })
  await db.query(`UPDATE listings SET contact = '+49 151 0000', verification_number = 'WBS-42' WHERE id = $1`, [
    oldest.id,
  ])
  await db.query(
    `INSERT INTO photos (listing_id, position, file_id, thumb_file_id, width, height)
     VALUES ($1, 1, 'second-webp', 'second-thumb', 10, 10), ($1, 0, 'first-webp', 'first-thumb', 800, 600), ($2, 0, 'mid-webp', 'mid-thumb', 10, 10)`,
    [oldest.id, middle.id],
  )

  const res = await call('GET', '/admin/listings/pending', admin.token)
  t.equal(res.statusCode, 200, res.body)
  const page = res.json().data
  t.same(ids(page.listings), [oldest.id, middle.id, newer.id])
  t.same(page.pagination, {
    current_page: 1,
    total_pages: 1,
    total_items: 3,
    items_per_page: 25,
    has_next: false,
    has_prev: false,
  })
  t.match(page.listings[0], {
    status: 'pending',
    contact: '+49 151 0000',
    verification_number: 'WBS-42',
    status_reason: null,
    city_name: 'berlin',
    owner: { id: owner.id, first_name: 'Sara', username: 'sara' },
    photos: [
      { url: '/api/telegramFile/first-webp', thumb_url: '/api/telegramFile/first-thumb', width: 800 },
      { url: '/api/telegramFile/second-webp' },
    ],
  })
  t.equal(page.listings[1].photos.length, 1)
  t.same(page.listings[2].photos, [])

  const second = (await call('GET', '/admin/listings/pending?limit=1&page=2&language=en', admin.token)).json().data
  t.same(ids(second.listings), [middle.id])
  t.match(second.listings[0], { city_name: 'Berlin' })
  t.same(second.pagination, {
    current_page: 2,
    total_pages: 3,
    total_items: 3,
    items_per_page: 1,
    has_next: true,
    has_prev: true,
  })
  t.same(
    (await call('GET', '/admin/listings/pending?page=9', admin.token)).json().data.listings,
    [],
    'past the end: empty',
  )
  // page sizes are brought into range, not refused; the pagination says what was used
  for (const [q, used] of [
    ['limit=0', { items_per_page: 1, total_pages: 3 }],
    ['limit=101', { items_per_page: 100 }],
    ['limit=-5', { items_per_page: 1 }],
    ['page=0', { current_page: 1 }],
    ['page=-3&limit=1', { current_page: 1, items_per_page: 1 }],
  ] as const) {
    const clamped = await call('GET', `/admin/listings/pending?${q}`, admin.token)
    t.equal(clamped.statusCode, 200, q)
    t.match(clamped.json().data.pagination, used, q)
  }
  const bad = await call('GET', '/admin/listings/pending?limit=abc', admin.token)
  t.equal(bad.statusCode, 400, 'not a number is still refused')
  t.equal(bad.json().error.code, 'VALIDATION_ERROR')
  t.equal((await call('GET', '/admin/listings/pending?limit=100', admin.token)).statusCode, 200)
})

// Approval and rejection, with the public cache off (the tests' default) and on: approval must be public at once.
for (const publicCacheMs of [0, 60_000]) {
  t.test(`approve and reject (publicCacheMs ${publicCacheMs})`, async (t) => {
    const { app, db } = await buildTestApi(t, { publicCacheMs })
    const city = await setup(db)
    const call = apiCaller(app)
    const admin = await telegramSession(app, 777)
    const owner = await telegramSession(app, 9601)
    const listing = await makeListing(db, {
      ownerId: owner.user.id,
      cityId: city.id,
      countryCode: 'DE',
      status: 'pending',
      createdAt: new Date(Date.now() - 3_600_000),
    })
    const publicStatus = async () => (await call('GET', `/listings/${listing.id}`, null)).statusCode
    const inSearch = async () =>
      ids((await call('GET', '/listings?country=DE', null)).json().data.listings).includes(listing.id)
    const moderate = (body: object) => call('PUT', `/admin/listings/${listing.id}/status`, admin.token, body)

    t.equal(await publicStatus(), 404, 'pending is not public')
    t.notOk(await inSearch())

    const approved = await moderate({ status: 'active' })
    t.equal(approved.statusCode, 200, approved.body)
    t.match(approved.json().data, {
      id: listing.id,
      status: 'active',
      status_reason: null,
      owner: { id: owner.user.id },
    })
    const [row] = await db.query<{ activated_at: Date | null; moderated_by: number }>(
      `SELECT activated_at, moderated_by FROM listings WHERE id = $1`,
      [listing.id],
    )
    t.ok(row!.activated_at && Date.now() - new Date(row!.activated_at).getTime() < 60_000, 'activated now')
    t.equal(row!.moderated_by, admin.user.id)
    t.equal(await publicStatus(), 200, 'public at once')
    t.ok(await inSearch(), 'in search at once')

    const again = await moderate({ status: 'active' })
    t.equal(again.statusCode, 409)
    t.match(again.json().error, {
      code: 'CONFLICT',
      details: { reason: 'transition_not_allowed', from: 'active', to: 'active' },
    })

    const rejected = await moderate({ status: 'rejected', reason: '  The photos show another flat.  ' })
    t.equal(rejected.statusCode, 200, rejected.body)
    t.match(rejected.json().data, { status: 'rejected', status_reason: 'The photos show another flat.' })
    t.equal(await publicStatus(), 404, 'a rejected listing leaves the public view')
    t.notOk(await inSearch())
    const own = (await call('GET', '/users/listings?status=rejected', owner.token)).json().data.listings
    t.match(
      own,
      [{ id: listing.id, status: 'rejected', status_reason: 'The photos show another flat.' }],
      'the owner reads the reason',
    )

    t.equal((await moderate({ status: 'rejected', reason: 'again' })).statusCode, 409, 'rejected → rejected')
    t.equal((await moderate({ status: 'active' })).statusCode, 409, 'rejected → active: the owner edits first')

    const edit = {
      type: 'apartment',
      country: 'DE',
      city: 'berlin',
      rent: 900,
      description: 'Renovated flat with new photos of the right place.',
      contact: '+49 151 1111111',
    }
    const edited = await call('PUT', `/listings/${listing.id}`, owner.token, edit)
    t.equal(edited.statusCode, 200, edited.body)
    t.equal(edited.json().data.status, 'pending', 'an edit sends it back to moderation')
    t.same(await statusOf(db, listing.id), { status: 'pending', status_reason: null })
    const queue = (await call('GET', '/admin/listings/pending', admin.token)).json().data
    t.same(ids(queue.listings), [listing.id])
    t.equal(queue.listings[0].contact, '+49 151 1111111')

    t.equal(
      (await moderate({ status: 'active', reason: 'Thanks for fixing it' })).statusCode,
      200,
      'an approval may carry a reason',
    )
    t.same(await statusOf(db, listing.id), { status: 'active', status_reason: null })
    t.equal(await publicStatus(), 200)
    t.ok(await inSearch())
  })
}

t.test('moderation refuses bad input and unknown listings; nothing changes', async (t) => {
  const { app, db } = await buildTestApi(t)
  const city = await setup(db)
  const call = apiCaller(app)
  const admin = await telegramSession(app, 777)
  const owner = await makeUser(db)
  const pending = await makeListing(db, { ownerId: owner.id, cityId: city.id, countryCode: 'DE', status: 'pending' })
  const removed = await makeListing(db, { ownerId: owner.id, cityId: city.id, countryCode: 'DE', status: 'removed' })
  const url = `/admin/listings/${pending.id}/status`

  const cases: Array<[string, object, string]> = [
    ['reject without a reason', { status: 'rejected' }, 'body.reason'],
    ['a reason of blanks', { status: 'rejected', reason: '   ' }, 'body.reason'],
    ['a reason too short once trimmed', { status: 'rejected', reason: ' ab ' }, 'body.reason'],
    ['a reason too long', { status: 'rejected', reason: 'x'.repeat(501) }, 'body.reason'],
    ['an unknown status', { status: 'removed', reason: 'spam spam' }, 'body.status'],
    ['no status', {}, 'body.status'],
  ]
  for (const [name, body, path] of cases) {
    const res = await call('PUT', url, admin.token, body)
    t.equal(res.statusCode, 400, name)
    t.equal(res.json().error.code, 'VALIDATION_ERROR')
    t.ok(
      res.json().error.details.some((d: { path: string }) => d.path === path),
      `${name}: names ${path}`,
    )
  }
  t.same(await statusOf(db, pending.id), { status: 'pending', status_reason: null })

  t.equal((await call('PUT', '/admin/listings/99999999/status', admin.token, { status: 'active' })).statusCode, 404)
  t.equal((await call('PUT', '/admin/listings/abc/status', admin.token, { status: 'active' })).statusCode, 400)
  const gone = await call('PUT', `/admin/listings/${removed.id}/status`, admin.token, { status: 'active' })
  t.equal(gone.statusCode, 409, 'a removed listing is not moderated back')
  t.match(gone.json().error.details, { reason: 'transition_not_allowed', from: 'removed' })

  // two admins at once: the row lock lets one moderate; the other sees the new status and gets a 409
  for (const body of [{ status: 'active' }, { status: 'rejected', reason: 'Looks like spam' }]) {
    const fresh = await makeListing(db, { ownerId: owner.id, cityId: city.id, countryCode: 'DE', status: 'pending' })
    const both = await Promise.all(
      [1, 2].map(() => call('PUT', `/admin/listings/${fresh.id}/status`, admin.token, body)),
    )
    t.same(both.map((r) => r.statusCode).sort(), [200, 409], `${body.status} twice at once: one wins`)
    t.equal((await statusOf(db, fresh.id)).status, body.status)
  }

  // the owner edits after the moderator read it: the decision on the old version is refused
  const edited = await makeListing(db, { ownerId: owner.id, cityId: city.id, countryCode: 'DE', status: 'pending' })
  const read = (await call('GET', '/admin/listings/pending?limit=100', admin.token))
    .json()
    .data.listings.find((l: { id: number }) => l.id === edited.id)
  await db.query(
    `UPDATE listings SET description = 'Now with a phone number in the text: call 0151 999', updated_at = now() + interval '1 second' WHERE id = $1`,
    [edited.id],
  )
  for (const body of [{ status: 'active' }, { status: 'rejected', reason: 'Looks like spam' }]) {
    const stale = await call('PUT', `/admin/listings/${edited.id}/status`, admin.token, {
      ...body,
      updated_at: read.updated_at,
    })
    t.equal(stale.statusCode, 409, `${body.status} of a version the moderator did not read`)
    t.match(stale.json().error.details, { reason: 'listing_changed' })
  }
  t.same(await statusOf(db, edited.id), { status: 'pending', status_reason: null }, 'still pending')
  const reread = (await call('GET', '/admin/listings/pending?limit=100', admin.token))
    .json()
    .data.listings.find((l: { id: number }) => l.id === edited.id)
  t.equal(
    (
      await call('PUT', `/admin/listings/${edited.id}/status`, admin.token, {
        status: 'active',
        updated_at: reread.updated_at,
      })
    ).statusCode,
    200,
    'the version read now',
  )
  t.equal(
    (
      await call('PUT', `/admin/listings/${edited.id}/status`, admin.token, {
        status: 'active',
        updated_at: 'yesterday',
      })
    ).statusCode,
    400,
  )
})
