import t from 'tap'
import type { Db } from '../../../../server/api/db/client.ts'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing, type ListingFields } from '../../../helpers/factories.ts'

async function world(db: Db) {
  await makeCountry(db, 'DE')
  await makeCountry(db, 'TR', {}, 'TRY')
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin' })
  const hamburg = await makeCity(db, 'DE', 'hamburg', { en: 'Hamburg' })
  const istanbul = await makeCity(db, 'TR', 'istanbul', { en: 'Istanbul' })
  return { berlin, hamburg, istanbul }
}

const matchCount = async (db: Db, alertId: number, listingId: number) =>
  (
    await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM alert_matches WHERE alert_id = $1 AND listing_id = $2`,
      [alertId, listingId],
    )
  )[0]!.n

t.test(
  'a listing approved by a moderator matches exactly the alerts whose GET /listings filters it satisfies',
  async (t) => {
    const { app, db } = await buildTestApi(t)
    const { berlin, hamburg, istanbul } = await world(db)
    const call = apiCaller(app)
    const admin = await telegramSession(app, 777)
    const owner = await telegramSession(app, 9001)

    // [filters, listing, matches?]: one renter (premium, so 10 alerts) per row keeps the rows apart
    const cases: Array<[string, Record<string, string | number | boolean>, Partial<ListingFields>, boolean]> = [
      ['no filters: every listing', {}, {}, true],
      ['city by key', { city: 'berlin' }, {}, true],
      ['city by name, any case', { city: 'Berlin' }, {}, true],
      ['another city', { city: 'hamburg' }, {}, false],
      ['a city that does not exist', { city: 'atlantis' }, {}, false],
      ['country', { country: 'de' }, {}, true],
      ['another country', { country: 'TR' }, {}, false],
      ['type', { type: 'apartment' }, {}, true],
      ['another type', { type: 'shared_room' }, {}, false],
      ['term', { term: 'long' }, {}, true],
      ['another term', { term: 'short' }, {}, false],
      ['price range includes 800', { min_price: 500, max_price: '900' }, {}, true],
      ['max below the rent', { max_price: 700 }, {}, false],
      ['min above the rent', { min_price: 801 }, {}, false],
      ['price filter skips a negotiable rent', { max_price: 900 }, { rent: null }, false],
      [
        'include_discussable keeps a negotiable rent',
        { max_price: 900, include_discussable: true },
        { rent: null },
        true,
      ],
      ['no price filter keeps a negotiable rent', {}, { rent: null }, true],
      [
        'TRY prices in Turkey: 30000 TRY = 780 EUR',
        { country: 'TR', max_price: 30000 },
        { cityId: istanbul.id, countryCode: 'TR', rent: 30000, currency: 'TRY', eurPerUnit: 0.026 },
        true,
      ],
      [
        'TRY prices in Turkey: 29000 TRY is below',
        { country: 'TR', max_price: 29000 },
        { cityId: istanbul.id, countryCode: 'TR', rent: 30000, currency: 'TRY', eurPerUnit: 0.026 },
        false,
      ],
      ['gender female takes any', { gender_pref: 'female' }, { genderPref: 'any' }, true],
      ['gender female takes female', { gender_pref: 'female' }, { genderPref: 'female' }, true],
      ['gender female refuses male', { gender_pref: 'female' }, { genderPref: 'male' }, false],
      ['gender any takes only any', { gender_pref: 'any' }, { genderPref: 'female' }, false],
      ['has_contract true', { has_contract: true }, { hasContract: true }, true],
      ['has_contract false refuses one with a contract', { has_contract: 'false' }, { hasContract: true }, false],
      ['start_date: available by then', { start_date: '2026-03-01' }, { startDate: '2026-02-01' }, true],
      ['start_date: available later', { start_date: '2026-03-01' }, { startDate: '2026-04-01' }, false],
      ['start_date: no start date is available', { start_date: '2026-03-01' }, { startDate: null }, true],
      [
        'all together',
        {
          country: 'DE',
          city: 'berlin',
          type: 'apartment',
          term: 'long',
          min_price: 700,
          max_price: 800,
          gender_pref: 'male',
          has_contract: false,
        },
        { genderPref: 'any' },
        true,
      ],
    ]

    let telegramId = 5000
    for (const [name, filters, fields, expected] of cases) {
      const renter = await telegramSession(app, ++telegramId)
      const created = await call('POST', '/alerts', renter.token, { name, filters })
      t.equal(created.statusCode, 201, `${name}: created`)
      const alertId = created.json().data.id as number
      const listing = await makeListing(db, {
        ownerId: owner.user.id,
        cityId: berlin.id,
        countryCode: 'DE',
        status: 'pending',
        ...fields,
      })
      const approved = await call('PUT', `/admin/listings/${listing.id}/status`, admin.token, { status: 'active' })
      t.equal(approved.statusCode, 200, `${name}: approved`)
      t.equal(
        await matchCount(db, alertId, listing.id),
        expected ? 1 : 0,
        `${name}: ${expected ? 'matches' : 'does not match'}`,
      )
      // the renter's alert sees only the listings approved after it; pause it so the next rows stay apart
      await call('PUT', `/alerts/${alertId}`, renter.token, { is_active: false })
    }
    t.ok(hamburg.id)
  },
)

t.test(
  'approved twice (renewed), a listing matches an alert once; the owner is never alerted of their own',
  async (t) => {
    const { app, db } = await buildTestApi(t)
    const { berlin } = await world(db)
    const call = apiCaller(app)
    const admin = await telegramSession(app, 777)
    const owner = await telegramSession(app, 9001)
    const renter = await telegramSession(app, 9002)
    const mine = (await call('POST', '/alerts', owner.token, { name: 'Own', filters: { city: 'berlin' } })).json().data
    const alert = (
      await call('POST', '/alerts', renter.token, {
        name: 'Berlin flats',
        filters: { city: 'berlin' },
        channels: ['telegram'],
      })
    ).json().data

    const listing = await makeListing(db, {
      ownerId: owner.user.id,
      cityId: berlin.id,
      countryCode: 'DE',
      status: 'pending',
      contact: '+49 170 0000000',
    })
    t.equal(
      (await call('PUT', `/admin/listings/${listing.id}/status`, admin.token, { status: 'active' })).statusCode,
      200,
    )
    // renewed: rented, back to pending, approved again
    t.equal(
      (await call('PUT', `/users/listings/${listing.id}/status`, owner.token, { status: 'rented' })).statusCode,
      200,
    )
    t.equal(
      (await call('PUT', `/users/listings/${listing.id}/status`, owner.token, { status: 'pending' })).statusCode,
      200,
    )
    t.equal(
      (await call('PUT', `/admin/listings/${listing.id}/status`, admin.token, { status: 'active' })).statusCode,
      200,
    )

    t.equal(await matchCount(db, alert.id, listing.id), 1, 'one match')
    t.equal(await matchCount(db, mine.id, listing.id), 0, "the owner's own alert stays silent")
    const list = (await call('GET', '/alerts', renter.token)).json().data
    t.equal(list.items[0].new_listings_count, 1)
    t.ok(list.items[0].last_triggered)
    const inbox = (await call('GET', '/alerts/notifications', renter.token)).json().data
    t.equal(inbox.notifications.length, 1, 'one notification')
    t.equal(inbox.unread_count, 1)
    t.same(inbox.notifications[0].data, { listing_id: listing.id, url: `/listing/${listing.slug}` })
    t.equal(inbox.notifications[0].title, 'Berlin flats')
    const outbox = await db.query<{ channel: string; payload: Record<string, unknown> }>(
      `SELECT channel, payload FROM notification_outbox`,
    )
    t.equal(outbox.length, 1, 'one telegram row')
    t.equal(outbox[0]!.channel, 'telegram')
    t.equal(outbox[0]!.payload.chat_id, '9002')
    t.notMatch(JSON.stringify(outbox[0]!.payload), /170 0000000/, 'never the contact')
    t.equal((await call('GET', '/alerts/notifications', owner.token)).json().data.notifications.length, 0)

    // matches: the page, and reading it clears the count
    const matches = (await call('GET', `/alerts/${alert.id}/matches`, renter.token)).json().data
    t.same(
      matches.matches.map((m: { listing_id: number }) => m.listing_id),
      [listing.id],
    )
    t.equal(matches.pagination.items_per_page, 20)
    t.equal((await call('GET', '/alerts', renter.token)).json().data.items[0].new_listings_count, 0)
  },
)

t.test('a daily alert gets the match and the inbox, but no instant outbox row; a paused alert nothing', async (t) => {
  const { app, db } = await buildTestApi(t)
  const { berlin } = await world(db)
  const call = apiCaller(app)
  const admin = await telegramSession(app, 777)
  const owner = await telegramSession(app, 9001)
  const daily = await telegramSession(app, 9002)
  const paused = await telegramSession(app, 9003)
  const d = (
    await call('POST', '/alerts', daily.token, { name: 'D', frequency: 'daily', channels: ['telegram'] })
  ).json().data
  const p = (await call('POST', '/alerts', paused.token, { name: 'P', channels: ['telegram'] })).json().data
  t.equal((await call('PUT', `/alerts/${p.id}`, paused.token, { is_active: false })).json().data.is_active, false)
  const listing = await makeListing(db, {
    ownerId: owner.user.id,
    cityId: berlin.id,
    countryCode: 'DE',
    status: 'pending',
  })
  await call('PUT', `/admin/listings/${listing.id}/status`, admin.token, { status: 'active' })
  t.equal(await matchCount(db, d.id, listing.id), 1)
  t.equal(await matchCount(db, p.id, listing.id), 0)
  t.equal((await db.query(`SELECT 1 FROM notification_outbox`)).length, 0)
  t.equal(
    (await call('GET', '/alerts/notifications?unread_only=true', daily.token)).json().data.notifications.length,
    1,
  )
})
