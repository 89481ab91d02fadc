import t, { type Test } from 'tap'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing } from '../../../helpers/factories.ts'

const DAY_MS = 86_400_000

t.test('free boosts', async (t) => {
  // the public caches on, as in production: a boost must be seen at once all the same
  const { app, db } = await buildTestApi(t, { publicCacheMs: 60_000 })
  const call = apiCaller(app)
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin')
  let nextUser = 8400
  const newOwner = () => telegramSession(app, nextUser++, 'Owner')
  const admin = await telegramSession(app, 777, 'Admin')
  const listing = (ownerId: number, fields: { status?: string; boostUntil?: Date; createdAt?: Date } = {}) =>
    makeListing(db, { ownerId, cityId: city.id, countryCode: 'DE', ...fields })
  const boost = (id: number, token?: string) => call('POST', `/listings/${id}/boost`, token, {})
  const giveBoosts = (userId: number, n: number) =>
    db.query(`UPDATE users SET free_boosts = $2 WHERE id = $1`, [userId, n])
  const state = async (userId: number, listingId: number) => {
    const [row] = await db.query<{ free_boosts: number; boost_until: Date | null }>(
      `SELECT u.free_boosts, l.boost_until FROM users u, listings l WHERE u.id = $1 AND l.id = $2`,
      [userId, listingId],
    )
    return { free: row!.free_boosts, until: row!.boost_until ? new Date(row!.boost_until).getTime() : null }
  }
  const near = (t: Test, actual: number, expected: number, what: string) =>
    t.ok(Math.abs(actual - expected) < 5_000, `${what}: ${new Date(actual).toISOString()}`)

  await t.test(
    'a session is needed; a bad id is 400; only the owner boosts (404 for others, 403 for a moderator)',
    async (t) => {
      const owner = await newOwner()
      const stranger = await newOwner()
      await giveBoosts(stranger.user.id, 5)
      await giveBoosts(admin.user.id, 5)
      const l = await listing(owner.user.id)
      t.equal((await boost(l.id)).statusCode, 401)
      t.equal((await call('POST', '/listings/abc/boost', owner.token, {})).statusCode, 400)
      t.equal((await boost(99_999_999, owner.token)).statusCode, 404)
      const foreign = await boost(l.id, stranger.token)
      t.equal(foreign.statusCode, 404, "someone else's listing is not found")
      const moderator = await boost(l.id, admin.token)
      t.equal(moderator.statusCode, 403)
      t.match(moderator.json().error, { code: 'FORBIDDEN', details: { reason: 'owner_only' } })
      t.same(await state(stranger.user.id, l.id), { free: 5, until: null }, 'nothing spent, nothing boosted')
      t.same(await state(admin.user.id, l.id), { free: 5, until: null })
    },
  )

  await t.test('only an active listing is boosted: 409 listing_not_active, and a removed one is 404', async (t) => {
    const owner = await newOwner()
    await giveBoosts(owner.user.id, 1)
    for (const status of ['pending', 'rejected', 'rented', 'expired']) {
      const l = await listing(owner.user.id, { status })
      const res = await boost(l.id, owner.token)
      t.equal(res.statusCode, 409, status)
      t.match(res.json().error, { code: 'CONFLICT', details: { reason: 'listing_not_active', status } })
    }
    const removed = await listing(owner.user.id, { status: 'removed' })
    t.equal((await boost(removed.id, owner.token)).statusCode, 404)
    t.equal((await state(owner.user.id, removed.id)).free, 1, 'the free boost is kept')
  })

  await t.test(
    'without a free boost: 200, not boosted, the price and the payment route, nothing changed',
    async (t) => {
      const owner = await newOwner()
      const l = await listing(owner.user.id)
      const res = await boost(l.id, owner.token)
      t.equal(res.statusCode, 200, 'an expected state, not a failed call')
      t.same(res.json().data, {
        boosted: false,
        listing_id: l.id,
        reason: 'no_free_boosts',
        price_eur: 2.99,
        payment_path: `/api/v1/payments/listings/${l.id}/boost`,
      })
      t.same(await state(owner.user.id, l.id), { free: 0, until: null })
    },
  )

  await t.test('a free boost runs 7 days from now, a second stacks on the first, then the offer to buy', async (t) => {
    const owner = await newOwner()
    await giveBoosts(owner.user.id, 2)
    const l = await listing(owner.user.id)
    const start = Date.now()
    const first = await boost(l.id, owner.token)
    t.equal(first.statusCode, 200)
    const data = first.json().data
    t.same(data, { boosted: true, listing_id: l.id, boost_until: data.boost_until, free_boosts: 1 })
    near(t, Date.parse(data.boost_until), start + 7 * DAY_MS, 'now + 7 days')
    const second = (await boost(l.id, owner.token)).json().data
    t.equal(Date.parse(second.boost_until), Date.parse(data.boost_until) + 7 * DAY_MS, 'the end of the first + 7 days')
    t.equal(second.free_boosts, 0)
    t.equal((await boost(l.id, owner.token)).json().data.boosted, false)
    t.same(await state(owner.user.id, l.id), { free: 0, until: Date.parse(second.boost_until) })
  })

  await t.test('a boost is not an edit: updated_at stays, so a review made before it still applies', async (t) => {
    const owner = await newOwner()
    await giveBoosts(owner.user.id, 1)
    const l = await listing(owner.user.id)
    const before = await db.query<{ updated_at: Date }>(`SELECT updated_at FROM listings WHERE id = $1`, [l.id])
    t.equal((await boost(l.id, owner.token)).statusCode, 200)
    const after = await db.query<{ updated_at: Date }>(`SELECT updated_at FROM listings WHERE id = $1`, [l.id])
    t.equal(new Date(after[0]!.updated_at).getTime(), new Date(before[0]!.updated_at).getTime())
  })

  await t.test('a boost that has ended is not extended from the past: now + 7 days', async (t) => {
    const owner = await newOwner()
    await giveBoosts(owner.user.id, 1)
    const l = await listing(owner.user.id, { boostUntil: new Date(Date.now() - 3 * DAY_MS) })
    const res = await boost(l.id, owner.token)
    near(t, Date.parse(res.json().data.boost_until), Date.now() + 7 * DAY_MS, 'now + 7 days')
  })

  await t.test(
    'the public reads see the boost at once (the answer names the listing) and it sorts first in boosted order',
    async (t) => {
      const owner = await newOwner()
      await giveBoosts(owner.user.id, 1)
      // a city of its own: boosts of the other tests run longer and would sort before this one
      const hamburg = await makeCity(db, 'DE', 'hamburg')
      const inHamburg = (createdAt: Date) =>
        makeListing(db, { ownerId: owner.user.id, cityId: hamburg.id, countryCode: 'DE', createdAt })
      const older = await inHamburg(new Date(Date.now() - 60 * DAY_MS))
      await inHamburg(new Date())
      const page = async () =>
        (await call('GET', '/listings?city=hamburg&sort=boosted')).json().data.listings as Array<{
          id: number
          is_boosted: boolean
        }>
      const read = async () => (await call('GET', `/listings/${older.id}`)).json().data
      t.not((await page())[0]!.id, older.id, 'an old listing is not first before its boost')
      t.equal((await read()).is_boosted, false, 'and the cached read says so')

      const res = await boost(older.id, owner.token)
      t.equal(res.statusCode, 200)
      const boosted = await read()
      t.equal(boosted.is_boosted, true, 'the cached read was forgotten')
      t.equal(boosted.boost_until, res.json().data.boost_until)
      const first = (await page())[0]!
      t.equal(first.id, older.id, 'first in boosted order')
      t.equal(first.is_boosted, true)
    },
  )

  await t.test("the owner's list tells what a boost can do and what it did", async (t) => {
    const owner = await newOwner()
    await giveBoosts(owner.user.id, 1)
    const active = await listing(owner.user.id)
    const pending = await listing(owner.user.id, { status: 'pending' })
    const own = async () => {
      const rows = (await call('GET', '/users/listings?status=all', owner.token)).json().data.listings as Array<{
        id: number
        can_boost: boolean
        is_boosted: boolean
        boost_expires: string | null
      }>
      return new Map(rows.map((r) => [r.id, r]))
    }
    const before = await own()
    t.match(before.get(active.id), { can_boost: true, is_boosted: false, boost_expires: null })
    t.match(before.get(pending.id), { can_boost: false, is_boosted: false, boost_expires: null })
    const until = (await boost(active.id, owner.token)).json().data.boost_until
    t.match((await own()).get(active.id), { can_boost: true, is_boosted: true, boost_expires: until })
    t.equal((await boost(pending.id, owner.token)).statusCode, 409, 'can_boost false is refused')
  })
})

t.test('boost race: an owner with 3 free boosts fires 6 at once on one listing', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  await makeCountry(db, 'DE')
  const city = await makeCity(db, 'DE', 'berlin')
  const owner = await telegramSession(app, 8501, 'Owner')
  await db.query(`UPDATE users SET free_boosts = 3 WHERE id = $1`, [owner.user.id])
  const l = await makeListing(db, { ownerId: owner.user.id, cityId: city.id, countryCode: 'DE' })
  const start = Date.now()
  const answers = await Promise.all(
    Array.from({ length: 6 }, () => call('POST', `/listings/${l.id}/boost`, owner.token, {})),
  )
  const end = Date.now()
  const boosted = answers.map((r) => r.json().data.boosted)
  t.equal(boosted.filter((b) => b === true).length, 3, '3 boosted')
  t.equal(boosted.filter((b) => b === false).length, 3, '3 offers to buy')
  t.same(
    answers
      .filter((r) => r.json().data.boosted === true)
      .map((r) => r.json().data.free_boosts)
      .sort(),
    [0, 1, 2],
    'each took one',
  )
  const [row] = await db.query<{ free_boosts: number; boost_until: Date }>(
    `SELECT u.free_boosts, l.boost_until FROM users u, listings l WHERE u.id = $1 AND l.id = $2`,
    [owner.user.id, l.id],
  )
  t.equal(row!.free_boosts, 0)
  const until = new Date(row!.boost_until).getTime()
  t.ok(
    until >= start + 21 * DAY_MS - 1000 && until <= end + 21 * DAY_MS + 1000,
    `boost_until = start + 21 days (${new Date(until).toISOString()})`,
  )
})
