import t from 'tap'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing } from '../../../helpers/factories.ts'
import type { Db } from '../../../../server/api/db/client.ts'

async function setup(db: Db) {
  await makeCountry(db, 'DE')
  return makeCity(db, 'DE', 'berlin', { en: 'Berlin' })
}

const countReports = async (db: Db) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM listing_reports`))[0]!.n

t.test('reporting a listing', async (t) => {
  const { app, db } = await buildTestApi(t)
  const city = await setup(db)
  const call = apiCaller(app)
  const owner = await telegramSession(app, 9801)
  const reporter = await telegramSession(app, 9802)
  const active = await makeListing(db, { ownerId: owner.user.id, cityId: city.id, countryCode: 'DE' })
  const report = (id: number, token: string | null, body: object) => call('POST', `/listings/${id}/report`, token, body)

  await t.test('refusals: 401, 400, 404; nothing written', async (t) => {
    t.equal((await report(active.id, null, { reason: 'spam' })).statusCode, 401, 'anonymous')
    t.equal(
      (await report(active.id, null, { reason: 'nonsense' })).statusCode,
      401,
      'anonymous with a bad body: still 401',
    )
    const badReason = await report(active.id, reporter.token, { reason: 'ugly' })
    t.equal(badReason.statusCode, 400)
    t.ok(badReason.json().error.details.some((d: { path: string }) => d.path === 'body.reason'))
    const long = await report(active.id, reporter.token, { reason: 'spam', details: 'x'.repeat(1001) })
    t.equal(long.statusCode, 400, 'details over 1000 characters')
    t.ok(long.json().error.details.some((d: { path: string }) => d.path === 'body.details'))
    for (const status of ['pending', 'rejected', 'removed', 'rented']) {
      const hidden = await makeListing(db, { ownerId: owner.user.id, cityId: city.id, countryCode: 'DE', status })
      t.equal(
        (await report(hidden.id, reporter.token, { reason: 'spam' })).statusCode,
        404,
        `a ${status} listing is not public`,
      )
    }
    t.equal((await report(99999999, reporter.token, { reason: 'spam' })).statusCode, 404, 'unknown id')
    const own = await report(active.id, owner.token, { reason: 'spam' })
    t.equal(own.statusCode, 400)
    t.match(own.json().error, { code: 'VALIDATION_ERROR', details: { reason: 'own_listing' } })
    t.equal(await countReports(db), 0)
  })

  await t.test(
    '201 with the report; a second open report is a 409; after it is closed, a new one is fine',
    async (t) => {
      const res = await report(active.id, reporter.token, {
        reason: 'scam',
        details: '  Asks for a deposit by wire before any viewing.  ',
        status: 'resolved',
      })
      t.equal(res.statusCode, 201, res.body)
      const created = res.json().data
      t.match(created, {
        listing_id: active.id,
        reason: 'scam',
        details: 'Asks for a deposit by wire before any viewing.',
        status: 'open',
      })
      t.same(Object.keys(created).sort(), ['created_at', 'details', 'id', 'listing_id', 'reason', 'status'])
      const twice = await report(active.id, reporter.token, { reason: 'spam' })
      t.equal(twice.statusCode, 409)
      t.match(twice.json().error, { code: 'CONFLICT', details: { reason: 'already_reported' } })
      await db.query(`UPDATE listing_reports SET status = 'dismissed' WHERE id = $1`, [created.id])
      const fresh = await report(active.id, reporter.token, { reason: 'wrong_info', details: '   ' })
      t.equal(fresh.statusCode, 201)
      t.equal(fresh.json().data.details, null, 'blank details are no details')
    },
  )
})

t.test('at most 20 reports a day per user: the 21st is a 429 with retry_after_s', async (t) => {
  const { app, db } = await buildTestApi(t)
  const city = await setup(db)
  const call = apiCaller(app)
  const owner = await telegramSession(app, 9811)
  const reporter = await telegramSession(app, 9812)
  const listings = []
  for (let i = 0; i < 26; i++)
    listings.push(await makeListing(db, { ownerId: owner.user.id, cityId: city.id, countryCode: 'DE' }))
  // 19 within the day (the oldest 23 hours ago), 5 older that no longer count
  for (const [i, l] of listings.slice(0, 24).entries()) {
    const age = i < 19 ? (i === 0 ? '23 hours' : '1 minute') : '25 hours'
    await db.query(
      `INSERT INTO listing_reports (listing_id, reporter_id, reason, status, created_at) VALUES ($1, $2, 'spam', 'dismissed', now() - $3::interval)`,
      [l.id, reporter.user.id, age],
    )
  }
  t.equal(
    (await call('POST', `/listings/${listings[24]!.id}/report`, reporter.token, { reason: 'spam' })).statusCode,
    201,
    'the 20th',
  )
  const before = await countReports(db)
  const blocked = await call('POST', `/listings/${listings[25]!.id}/report`, reporter.token, { reason: 'spam' })
  t.equal(blocked.statusCode, 429)
  const { code, details } = blocked.json().error
  t.equal(code, 'RATE_LIMITED')
  t.equal(details.reason, 'too_many_reports')
  t.ok(
    details.retry_after_s > 3500 && details.retry_after_s <= 3600,
    `retry_after_s ${details.retry_after_s}: when the oldest leaves the window`,
  )
  t.equal(await countReports(db), before, 'nothing written')
  const other = await telegramSession(app, 9813)
  t.equal(
    (await call('POST', `/listings/${listings[25]!.id}/report`, other.token, { reason: 'spam' })).statusCode,
    201,
    'other users are not limited',
  )
})

for (const publicCacheMs of [0, 60_000]) {
  t.test(`the report queue and its resolution (publicCacheMs ${publicCacheMs})`, async (t) => {
    const { app, db } = await buildTestApi(t, { publicCacheMs })
    const city = await setup(db)
    const call = apiCaller(app)
    const admin = await telegramSession(app, 777)
    const owner = await telegramSession(app, 9821, 'Olga')
    const [a, b, c] = [
      await telegramSession(app, 9822, 'Ali'),
      await telegramSession(app, 9823, 'Bita'),
      await telegramSession(app, 9824, 'Cyrus'),
    ]
    const flat = await makeListing(db, {
      ownerId: owner.user.id,
      cityId: city.id,
      countryCode: 'DE',
      description: `Huge flat ${'with a view '.repeat(30)}`,
    })
    const room = await makeListing(db, {
      ownerId: owner.user.id,
      cityId: city.id,
      countryCode: 'DE',
      type: 'private_room',
    })
    await db.query(
      `INSERT INTO photos (listing_id, position, file_id, thumb_file_id, width, height) VALUES ($1, 1, 'b-webp', 'b-thumb', 1, 1), ($1, 0, 'a-webp', 'a-thumb', 1, 1)`,
      [flat.id],
    )
    const file = async (listingId: number, token: string, reason: string) =>
      (await call('POST', `/listings/${listingId}/report`, token, { reason })).json().data.id as number
    const ra = await file(flat.id, a.token, 'scam')
    const rb = await file(flat.id, b.token, 'spam')
    const rc = await file(room.id, c.token, 'duplicate')
    const publicStatus = async (id: number) => (await call('GET', `/listings/${id}`, null)).statusCode
    const inSearch = async (id: number) =>
      (await call('GET', '/listings?country=DE', null)).json().data.listings.some((l: { id: number }) => l.id === id)
    t.equal(await publicStatus(flat.id), 200, 'public (and cached) before')
    t.ok(await inSearch(flat.id))

    const queueRes = await call('GET', '/admin/reports?language=en', admin.token)
    t.equal(queueRes.statusCode, 200, queueRes.body)
    const queue = queueRes.json().data
    t.same(
      queue.reports.map((r: { id: number }) => r.id),
      [ra, rb, rc],
      'oldest first',
    )
    t.match(queue.pagination, { total_items: 3, items_per_page: 25, current_page: 1 })
    t.match(queue.reports[0], {
      id: ra,
      listing_id: flat.id,
      reason: 'scam',
      status: 'open',
      note: null,
      resolved_by: null,
      reporter: { id: a.user.id, first_name: 'Ali' },
      listing: {
        id: flat.id,
        slug: flat.slug,
        status: 'active',
        type: 'apartment',
        city_name: 'Berlin',
        thumb_url: '/api/telegramFile/a-thumb',
        open_count: 2,
      },
    })
    t.equal(queue.reports[0].listing.description_excerpt.length, 160, 'an excerpt of the description')
    t.match(queue.reports[2].listing, { id: room.id, type: 'private_room', thumb_url: null, open_count: 1 })
    t.same(
      (await call('GET', '/admin/reports?limit=1&page=3', admin.token))
        .json()
        .data.reports.map((r: { id: number }) => r.id),
      [rc],
    )
    t.match(
      (await call('GET', '/admin/reports?limit=0&page=-3', admin.token)).json().data.pagination,
      { items_per_page: 1, current_page: 1 },
      'page sizes are clamped',
    )
    t.match((await call('GET', '/admin/reports?limit=500', admin.token)).json().data.pagination, {
      items_per_page: 100,
    })
    t.equal((await call('GET', '/admin/reports?limit=some', admin.token)).statusCode, 400)
    t.equal((await call('GET', '/admin/reports?status=weird', admin.token)).statusCode, 400)

    const resolve = (id: number, body: object) => call('PUT', `/admin/reports/${id}`, admin.token, body)
    t.equal(
      (await resolve(rc, { status: 'dismissed', remove_listing: true })).statusCode,
      400,
      'a dismissal never removes the listing',
    )
    t.equal((await resolve(rc, { status: 'open' })).statusCode, 400)
    t.equal((await resolve(99999999, { status: 'dismissed' })).statusCode, 404)
    const dismissed = await resolve(rc, { status: 'dismissed', note: ' Not a duplicate. ' })
    t.equal(dismissed.statusCode, 200, dismissed.body)
    t.match(dismissed.json().data, {
      report: {
        id: rc,
        status: 'dismissed',
        note: 'Not a duplicate.',
        resolved_by: admin.user.id,
        listing: { status: 'active', open_count: 0 },
      },
      also_resolved: [],
    })
    t.ok(dismissed.json().data.report.resolved_at)
    const closed = await resolve(rc, { status: 'resolved' })
    t.equal(closed.statusCode, 409, 'only an open report is resolved')
    t.match(closed.json().error.details, { reason: 'report_not_open', status: 'dismissed' })
    t.same(
      (await call('GET', '/admin/reports?status=dismissed', admin.token))
        .json()
        .data.reports.map((r: { id: number }) => r.id),
      [rc],
    )
    t.equal(await publicStatus(room.id), 200, 'dismissing leaves the listing as it was')

    const removed = await resolve(ra, { status: 'resolved', note: 'Scam confirmed', remove_listing: true })
    t.equal(removed.statusCode, 200, removed.body)
    t.match(removed.json().data, {
      report: { id: ra, status: 'resolved', listing: { status: 'removed', open_count: 0 } },
      also_resolved: [rb],
    })
    const [row] = await db.query<{ status: string; status_reason: string }>(
      `SELECT status, status_reason FROM listings WHERE id = $1`,
      [flat.id],
    )
    t.same(row, { status: 'removed', status_reason: 'removed by moderation' })
    const [other] = await db.query<{ status: string; note: string; resolved_by: number }>(
      `SELECT status, note, resolved_by FROM listing_reports WHERE id = $1`,
      [rb],
    )
    t.same(
      other,
      { status: 'resolved', note: 'Scam confirmed', resolved_by: admin.user.id },
      "the listing's other open reports are resolved too",
    )
    t.equal(await publicStatus(flat.id), 404, 'gone from the public at once')
    t.notOk(await inSearch(flat.id), 'and from search')
    t.same((await call('GET', '/admin/reports', admin.token)).json().data.reports, [], 'the open queue is empty')
    t.equal(
      (await call('POST', `/listings/${flat.id}/report`, c.token, { reason: 'spam' })).statusCode,
      404,
      'a removed listing cannot be reported',
    )

    const owned = (await call('GET', '/users/listings?include_removed=true', owner.token)).json().data.listings
    t.match(
      owned.find((l: { id: number }) => l.id === flat.id),
      { status: 'removed', status_reason: 'removed by moderation' },
    )

    // two admins removing one listing through two of its reports at once: one wins, the other's report is closed already
    const third = await makeListing(db, { ownerId: owner.user.id, cityId: city.id, countryCode: 'DE' })
    const pair = [await file(third.id, a.token, 'spam'), await file(third.id, b.token, 'scam')]
    const raced = await Promise.all(pair.map((id) => resolve(id, { status: 'resolved', remove_listing: true })))
    t.same(raced.map((r) => r.statusCode).sort(), [200, 409])
    t.equal(await publicStatus(third.id), 404)
  })
}
