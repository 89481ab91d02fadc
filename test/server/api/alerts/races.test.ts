import t from 'tap'
import { PREMIUM_MAX_ALERTS } from '../../../../shared/plans.ts'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing } from '../../../helpers/factories.ts'

t.test(
  "approvals that match a renter's alert and that renter's own alert writes, all at once: none fails, every count exact",
  async (t) => {
    const { app, db } = await buildTestApi(t)
    await makeCountry(db, 'DE')
    const berlin = await makeCity(db, 'DE', 'berlin')
    await makeCity(db, 'DE', 'hamburg')
    const call = apiCaller(app)
    const admin = await telegramSession(app, 777)
    const owner = await telegramSession(app, 8301)
    const renter = await telegramSession(app, 8302)
    await db.query(`UPDATE users SET premium_until = now() + interval '30 days' WHERE id = $1`, [renter.user.id])
    const watched = (
      await call('POST', '/alerts', renter.token, { name: 'Berlin', filters: { city: 'berlin' } })
    ).json().data
    const listings = await Promise.all(
      Array.from({ length: 12 }, () =>
        makeListing(db, { ownerId: owner.user.id, cityId: berlin.id, countryCode: 'DE', status: 'pending' }),
      ),
    )

    // An approval writes the renter's match, notification and outbox rows (each referencing the user);
    // a create or pause re-ranks the renter's alerts under the user's row lock. Neither may wait on the other in a cycle.
    const others = PREMIUM_MAX_ALERTS - 1
    const results = await Promise.all([
      ...listings.map((l) => call('PUT', `/admin/listings/${l.id}/status`, admin.token, { status: 'active' })),
      ...Array.from({ length: others }, (_, i) =>
        call('POST', '/alerts', renter.token, { name: `Hamburg ${i}`, filters: { city: 'hamburg' } }),
      ),
      call('PUT', `/alerts/${watched.id}`, renter.token, { name: 'Berlin, renamed' }),
    ])
    t.same(
      results.map((r) => r.statusCode).filter((s) => s >= 300),
      [],
      'every approval and every alert write succeeded',
    )

    const list = (await call('GET', '/alerts', renter.token)).json().data
    t.equal(list.total_alerts, PREMIUM_MAX_ALERTS)
    t.equal(list.active_alerts, PREMIUM_MAX_ALERTS)
    const berlinAlert = list.items.find((a: { id: number }) => a.id === watched.id)
    t.equal(berlinAlert.name, 'Berlin, renamed')
    t.equal(berlinAlert.new_listings_count, listings.length, 'one match per approved listing')
    const inbox = (await call('GET', '/alerts/notifications', renter.token)).json().data
    t.equal(inbox.unread_count, listings.length, 'one notification per approved listing')
    const [matches] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM alert_matches WHERE alert_id = $1`,
      [watched.id],
    )
    t.equal(matches?.n, listings.length, 'one alert_matches row per approved listing')
  },
)
