import t from 'tap'
import { loader } from '../../../../client/features/dashboard/dashboard-home.tsx'
import { buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing } from '../../../helpers/factories.ts'
import { redirectOf, routeArgs, thrownBy } from '../../../helpers/page-context.ts'

t.test('dashboard home loader', async (t) => {
  const { app, db } = await buildTestApi(t)
  const { token, user } = await telegramSession(app, 4200, 'Leila')
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin')
  await makeListing(db, { ownerId: user.id, cityId: berlin.id, countryCode: 'DE' })
  await makeListing(db, { ownerId: user.id, cityId: berlin.id, countryCode: 'DE', status: 'pending' })

  await t.test('signed in → the user, own listings by status and the favourites count', async (t) => {
    const summary = await loader(routeArgs('/en/dashboard', { app, token }))
    t.match(summary, {
      user: { id: user.id, firstName: 'Leila' },
      listings: { total: 2, byStatus: { active: 1, pending: 1 } },
      favorites: 0,
    })
  })

  await t.test('anonymous → sign-in with next', async (t) => {
    t.same(redirectOf(await thrownBy(() => loader(routeArgs('/en/dashboard', { app })))), {
      status: 302,
      location: '/en/auth?next=%2Fen%2Fdashboard',
    })
  })
})
