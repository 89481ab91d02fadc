import t from 'tap'
import { loader } from '../../../../client/features/moderation/site-overview-page.tsx'
import { buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing } from '../../../helpers/factories.ts'
import { redirectOf, routeArgs, thrownBy } from '../../../helpers/page-context.ts'

t.test('site overview loader', async (t) => {
  const { app, db } = await buildTestApi(t)
  // the test API makes Telegram user 777 an admin
  const admin = await telegramSession(app, 777, 'Admin')
  const reader = await telegramSession(app, 4401, 'Reader')
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin')
  await makeListing(db, { ownerId: reader.user.id, cityId: berlin.id, countryCode: 'DE', status: 'active' })
  const load = (token?: string) => loader(routeArgs('/en/dashboard/site-overview', { app, token }))

  await t.test('an admin → the overview, camelCased, 30 days long', async (t) => {
    const { stats } = await load(admin.token)
    t.equal(stats.usersTotal, 2)
    t.equal(stats.usersByDay.length, 30)
    t.match(stats.usersByDay.at(-1), { signups: 2, users: 2 })
    t.same(stats.activeListingsByCountry, [{ countryCode: 'DE', n: 1 }])
    t.same(stats.revenueByDay, [])
    t.equal(stats.alertsDeliveredByDay.length, 30)
    t.match(stats.alertsDeliveredByDay[0], { webPush: 0 })
  })

  await t.test('a signed-in reader who is not an admin → 404', async (t) => {
    t.match(await thrownBy(() => load(reader.token)), { init: { status: 404 } })
  })

  await t.test('anonymous → sign-in with next', async (t) => {
    t.same(redirectOf(await thrownBy(() => load())), {
      status: 302,
      location: '/en/auth?next=%2Fen%2Fdashboard%2Fsite-overview',
    })
  })
})
