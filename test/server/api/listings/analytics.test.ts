import t from 'tap'
import type { Db } from '../../../../server/api/db/client.ts'
import { buildTestApi, openTestDb, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing } from '../../../helpers/factories.ts'

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
  const get = (url: string, token: string | null = null) => app.inject({ url: `/api/v1${url}`, headers: token ? { authorization: `Bearer ${token}` } : {} })
  const listing = await makeListing(db, { ownerId: owner.user.id, cityId: city.id, countryCode: 'DE' })
  const pending = await makeListing(db, { ownerId: owner.user.id, cityId: city.id, countryCode: 'DE', status: 'pending' })
  const today = async (id: number) =>
    (await db.query<{ views: number }>(`SELECT views FROM listing_views_daily WHERE listing_id = $1 AND day = $2::date`, [id, utcDay(0)]))[0]?.views ?? 0

  const view = (ref: number | string, token: string | null = null) =>
    app.inject({ method: 'POST', url: `/api/v1/listings/${ref}/view`, headers: token ? { authorization: `Bearer ${token}` } : {} })

  await t.test('page views count; reads, the owner, admins and non-public listings do not; written in one batch', async (t) => {
    for (let i = 0; i < 3; i++) t.equal((await get(`/listings/${listing.id}?language=${i ? 'en' : 'fa'}`)).statusCode, 200)
    await get('/listings')
    await app.listingJobs.flushViews()
    t.equal(await today(listing.id), 0, 'a read of the data is not a view (caches would hide it)')
    for (let i = 0; i < 3; i++) {
      const res = await view(listing.id)
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
    t.equal(await app.listingJobs.flushViews(), 1, 'one row: one listing, one day')
    t.equal(state.queries - before, 1, 'one statement')
    t.equal(await today(listing.id), 4)
    t.equal(await today(pending.id), 0)
    t.equal(await app.listingJobs.flushViews(), 0, 'nothing left')
  })

  await t.test('a failed write keeps the views for the next flush', async (t) => {
    await view(listing.id)
    state.failViews = true
    await t.rejects(app.listingJobs.flushViews(), /database unavailable/)
    state.failViews = false
    await view(listing.id)
    t.equal(await app.listingJobs.flushViews(), 1)
    t.equal(await today(listing.id), 6)
  })

  await db.query(`INSERT INTO listing_views_daily (listing_id, day, views) VALUES ($1, $2::date, 5), ($1, $3::date, 7), ($1, $4::date, 100)`, [
    listing.id,
    utcDay(3),
    utcDay(10),
    utcDay(40),
  ])
  await db.query(`INSERT INTO contact_reveals (listing_id, user_id) VALUES ($1, $2)`, [listing.id, other.user.id])
  t.equal((await app.inject({ method: 'POST', url: `/api/v1/favorites/${listing.id}`, headers: { authorization: `Bearer ${other.token}` } })).statusCode, 200)

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
    t.equal(data.views_by_day.reduce((sum: number, d: { views: number }) => sum + d.views, 0), 18, 'the 40-day-old views are outside the window')
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

  await t.test('GET /users/listings?include_analytics=true: numbers on every listing, one query for the page', async (t) => {
    const mine = (await get('/users/listings?include_analytics=true', owner.token)).json().data.listings as Array<{ id: number; analytics: object }>
    const fortnight = (views: Record<number, number>) => Array.from({ length: 14 }, (_, i) => views[13 - i] ?? 0)
    t.same(mine.find((l) => l.id === listing.id)!.analytics, { views_total: 118, views_7d: 11, views_14d: fortnight({ 0: 6, 3: 5, 10: 7 }), favorites: 1, contact_reveals: 1 })
    t.same(mine.find((l) => l.id === pending.id)!.analytics, { views_total: 0, views_7d: 0, views_14d: fortnight({}), favorites: 0, contact_reveals: 0 })
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
  })
})

t.test('views not yet written are written when the API closes', async (t) => {
  const { app, db } = await buildTestApi(t)
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin')
  const owner = await telegramSession(app, 9811)
  const listing = await makeListing(db, { ownerId: owner.user.id, cityId: city.id, countryCode: 'DE' })
  await app.inject({ method: 'POST', url: `/api/v1/listings/${listing.id}/view` })
  await app.inject({ method: 'POST', url: `/api/v1/listings/${listing.id}/view` })
  await app.close()
  const [row] = await db.query<{ views: number }>(`SELECT views FROM listing_views_daily WHERE listing_id = $1`, [listing.id])
  t.equal(row?.views, 2)
})
