import t from 'tap'
import type { Db } from '../../../../../server/api/db/client.ts'
import { buildTestApi, openTestDb, telegramSession } from '../../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing } from '../../../../helpers/factories.ts'
import { viewCounter } from '../../../../../server/api/listings/analytics/views.ts'

const DAY = 86_400_000
const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10)

/** The test database behind a wrapper that counts queries and can fail the views upsert. */
function counting(db: Db) {
  const state = { queries: 0, failViews: false }
  const wrapped: Db = {
    ...db,
    async query<T>(sql: string, params?: unknown[]) {
      state.queries++
      if (state.failViews && sql.includes('INSERT INTO listing_views_daily')) throw new Error('database unavailable')
      return db.query<T>(sql, params)
    },
  }
  return { db: wrapped, state }
}

t.test('listing views and analytics', async (t) => {
  const { db: wrapped, state } = counting(await openTestDb(t))
  const { app, db } = await buildTestApi(t, { db: wrapped })
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin')
  const owner = await telegramSession(app, 9801)
  const other = await telegramSession(app, 9802)
  const admin = await telegramSession(app, 777)
  // the app has started: stop its timers so that only this test flushes views
  await app.listingJobs.stop()
  const get = (url: string, token: string | null = null) =>
    app.inject({ url: `/api/v1${url}`, headers: token ? { authorization: `Bearer ${token}` } : {} })
  const listing = await makeListing(db, { ownerId: owner.user.id, cityId: city.id, countryCode: 'DE' })
  const pending = await makeListing(db, {
    ownerId: owner.user.id,
    cityId: city.id,
    countryCode: 'DE',
    status: 'pending',
  })
  const today = async (id: number) =>
    (
      await db.query<{ views: number }>(
        `SELECT views FROM listing_views_daily WHERE listing_id = $1 AND day = $2::date`,
        [id, utcDay(0)],
      )
    )[0]?.views ?? 0

  const view = (
    ref: number | string,
    token: string | null = null,
    from = { address: '203.0.113.1', agent: 'Firefox' },
  ) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/listings/${ref}/view`,
      remoteAddress: from.address,
      headers: { 'user-agent': from.agent, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    })

  await t.test(
    'page views count; reads, the owner, admins and non-public listings do not; written in one batch',
    async (t) => {
      for (let i = 0; i < 3; i++)
        t.equal((await get(`/listings/${listing.id}?language=${i ? 'en' : 'fa'}`)).statusCode, 200)
      await get('/listings')
      await app.listingJobs.flushViews()
      t.equal(await today(listing.id), 0, 'a read of the data is not a view (caches would hide it)')
      for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
        const res = await view(listing.id, null, { address, agent: 'Firefox' })
        t.equal(res.statusCode, 202)
        t.same(res.json().data, { counted: true })
      }
      t.same((await view(listing.slug, other.token)).json().data, { counted: true }, 'by slug, another user')
      t.same((await view(listing.id, owner.token)).json().data, { counted: false }, 'the owner')
      t.same((await view(listing.id, admin.token)).json().data, { counted: false }, 'an admin')
      t.equal((await view(pending.id)).statusCode, 404, 'a pending listing has no public page')
      t.equal((await view(pending.id, owner.token)).statusCode, 404)
      t.equal((await view(999_999)).statusCode, 404)
      t.equal(await today(listing.id), 0, 'nothing written during the views')
      const before = state.queries
      t.equal(await app.listingJobs.flushViews(), 4, 'four visitors')
      t.equal(state.queries - before, 1, 'one statement')
      t.equal(await today(listing.id), 4)
      t.equal(await today(pending.id), 0)
      t.equal(await app.listingJobs.flushViews(), 0, 'nothing left')
    },
  )

  // a listing of its own, so that the numbers below stay those of `listing`
  const second = await makeListing(db, { ownerId: owner.user.id, cityId: city.id, countryCode: 'DE' })
  await t.test('one view per visitor per listing per day, however often the beacon is sent', async (t) => {
    const start = await today(second.id)
    const beacons = await Promise.all(
      Array.from({ length: 50 }, () => view(second.id, null, { address: '198.51.100.7', agent: 'Safari' })),
    )
    t.ok(beacons.every((res) => res.statusCode === 202))
    await Promise.all(
      Array.from({ length: 20 }, () => view(second.id, other.token, { address: '198.51.100.8', agent: 'Chrome' })),
    )
    await app.listingJobs.flushViews()
    t.equal(
      await today(second.id),
      start + 2,
      '50 beacons of one anonymous reader are one view, 20 of one signed-in user another',
    )
    // the same reader flushed again later (another batch, or another process) is still not a second view
    await view(second.id, null, { address: '198.51.100.7', agent: 'Safari' })
    await app.listingJobs.flushViews()
    t.equal(await today(second.id), start + 2, 'not counted again in a later batch')
    await view(second.id, null, { address: '198.51.100.7', agent: 'Chrome' })
    await app.listingJobs.flushViews()
    t.equal(await today(second.id), start + 3, 'another browser at the same address is another visitor')
    const stored = await db.query<{ visitor: string }>(
      `SELECT visitor FROM listing_view_visitors WHERE listing_id = $1`,
      [second.id],
    )
    t.ok(
      stored.every((row) => /^[\w-]{22}$/.test(row.visitor)),
      'only salted hashes are stored',
    )
    t.equal(stored.length, 3)
    t.notOk(
      stored.some((row) => row.visitor.includes('198.51')),
      'no address',
    )
  })

  await t.test('visitors and salts of days before yesterday are forgotten; the views stay', async (t) => {
    await db.query(`INSERT INTO view_salts (day, salt) VALUES ($1::date, '\\x00')`, [utcDay(3)])
    await db.query(
      `INSERT INTO listing_view_visitors (listing_id, day, visitor) VALUES ($1, $2::date, 'old-visitor-hash-000000')`,
      [second.id, utcDay(3)],
    )
    const views = await today(second.id)
    await app.listingJobs.expire()
    t.same(await db.query(`SELECT 1 FROM view_salts WHERE day = $1::date`, [utcDay(3)]), [])
    t.same(await db.query(`SELECT 1 FROM listing_view_visitors WHERE day = $1::date`, [utcDay(3)]), [])
    t.ok(
      (await db.query(`SELECT 1 FROM view_salts WHERE day = $1::date`, [utcDay(0)])).length === 1,
      "today's salt is kept",
    )
    t.equal(await today(second.id), views)
  })

  await t.test('a failed write keeps the views for the next flush', async (t) => {
    const start = await today(listing.id)
    await view(listing.id, null, { address: '192.0.2.10', agent: 'Firefox' })
    state.failViews = true
    await t.rejects(app.listingJobs.flushViews(), /database unavailable/)
    state.failViews = false
    await view(listing.id, null, { address: '192.0.2.11', agent: 'Firefox' })
    t.equal(await app.listingJobs.flushViews(), 2)
    t.equal(await today(listing.id), start + 2)
  })

  await db.query(
    `INSERT INTO listing_views_daily (listing_id, day, views) VALUES ($1, $2::date, 5), ($1, $3::date, 7), ($1, $4::date, 100)`,
    [listing.id, utcDay(3), utcDay(10), utcDay(40)],
  )
  await db.query(`INSERT INTO contact_reveals (listing_id, user_id) VALUES ($1, $2)`, [listing.id, other.user.id])
  t.equal(
    (
      await app.inject({
        method: 'POST',
        url: `/api/v1/favorites/${listing.id}`,
        headers: { authorization: `Bearer ${other.token}` },
      })
    ).statusCode,
    200,
  )

  await t.test('GET /users/listings/{id}/analytics: totals and the last 30 days, zeros filled', async (t) => {
    const res = await get(`/users/listings/${listing.id}/analytics`, owner.token)
    t.equal(res.statusCode, 200, res.body)
    const data = res.json().data
    t.match(data, { listing_id: listing.id, views_total: 6 + 5 + 7 + 100, favorites: 1, contact_reveals: 1 })
    t.equal(data.views_by_day.length, 30)
    t.same(data.views_by_day[0], { date: utcDay(29), views: 0 })
    t.same(data.views_by_day[29], { date: utcDay(0), views: 6 })
    t.same(data.views_by_day[26], { date: utcDay(3), views: 5 })
    t.same(data.views_by_day[19], { date: utcDay(10), views: 7 })
    t.equal(
      data.views_by_day.reduce((sum: number, d: { views: number }) => sum + d.views, 0),
      18,
      'the 40-day-old views are outside the window',
    )
    const empty = (await get(`/users/listings/${pending.id}/analytics`, owner.token)).json().data
    t.match(empty, { listing_id: pending.id, views_total: 0, favorites: 0, contact_reveals: 0 })
    t.ok(empty.views_by_day.every((d: { views: number }) => d.views === 0))
  })

  await t.test('analytics: the owner or an admin only', async (t) => {
    t.equal((await get(`/users/listings/${listing.id}/analytics`)).statusCode, 401)
    t.equal((await get(`/users/listings/${listing.id}/analytics`, other.token)).statusCode, 404)
    t.equal((await get(`/users/listings/${listing.id}/analytics`, admin.token)).statusCode, 200)
    t.equal((await get('/users/listings/99999999/analytics', owner.token)).statusCode, 404)
    t.equal((await get('/users/listings/abc/analytics', owner.token)).statusCode, 400)
  })

  await t.test(
    'GET /users/listings?include_analytics=true: numbers on every listing, one query for the page',
    async (t) => {
      const mine = (await get('/users/listings?include_analytics=true', owner.token)).json().data.listings as Array<{
        id: number
        analytics: object
      }>
      const fortnight = (views: Record<number, number>) => Array.from({ length: 14 }, (_, i) => views[13 - i] ?? 0)
      t.same(mine.find((l) => l.id === listing.id)!.analytics, {
        views_total: 118,
        views_7d: 11,
        views_14d: fortnight({ 0: 6, 3: 5, 10: 7 }),
        favorites: 1,
        contact_reveals: 1,
      })
      t.same(mine.find((l) => l.id === pending.id)!.analytics, {
        views_total: 0,
        views_7d: 0,
        views_14d: fortnight({}),
        favorites: 0,
        contact_reveals: 0,
      })
      const queriesFor = async (url: string) => {
        const before = state.queries
        t.equal((await get(url, owner.token)).statusCode, 200)
        return state.queries - before
      }
      const plain = await queriesFor('/users/listings')
      const two = await queriesFor('/users/listings?include_analytics=true')
      for (let i = 0; i < 5; i++) await makeListing(db, { ownerId: owner.user.id, cityId: city.id, countryCode: 'DE' })
      const seven = await queriesFor('/users/listings?include_analytics=true')
      t.equal(two, plain + 1, 'one more query with analytics')
      t.equal(seven, two, 'the same number for seven listings as for two')
    },
  )
})

t.test('views not yet written are written when the API closes', async (t) => {
  const { app, db } = await buildTestApi(t)
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin')
  const owner = await telegramSession(app, 9811)
  const listing = await makeListing(db, { ownerId: owner.user.id, cityId: city.id, countryCode: 'DE' })
  await app.inject({ method: 'POST', url: `/api/v1/listings/${listing.id}/view`, remoteAddress: '192.0.2.1' })
  await app.inject({ method: 'POST', url: `/api/v1/listings/${listing.id}/view`, remoteAddress: '192.0.2.2' })
  await app.close()
  const [row] = await db.query<{ views: number }>(`SELECT views FROM listing_views_daily WHERE listing_id = $1`, [
    listing.id,
  ])
  t.equal(row?.views, 2)
})

t.test('two processes counting the same visitors at once write each visitor once', async (t) => {
  const db = await openTestDb(t)
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin')
  const { app } = await buildTestApi(t, { db })
  const owner = await telegramSession(app, 9821)
  await app.listingJobs.stop()
  const listing = await makeListing(db, { ownerId: owner.user.id, cityId: city.id, countryCode: 'DE' })
  const processes = [viewCounter(db), viewCounter(db), viewCounter(db)]
  // 40 readers, each seen by every process (a load balancer spreading their beacons)
  const readers = Array.from({ length: 40 }, (_, i) => ({ address: `10.1.0.${i}`, userAgent: 'Firefox' }))
  await Promise.all(processes.flatMap((views) => readers.map((reader) => views.record(listing.id, reader))))
  await Promise.all(processes.map((views) => views.flush()))
  const [row] = await db.query<{ views: number }>(`SELECT views FROM listing_views_daily WHERE listing_id = $1`, [
    listing.id,
  ])
  t.equal(row?.views, 40)
  const salts = await db.query(`SELECT day FROM view_salts`)
  t.equal(salts.length, 1, 'one salt for the day, shared by the processes')
})
