import t from 'tap'
import { loader } from '../../../../client/features/my-listings/my-listings-page.tsx'
import { buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../../helpers/factories.ts'
import { redirectOf, routeArgs, thrownBy } from '../../../helpers/page-context.ts'

t.test('my listings page loader', async (t) => {
  const { app, db } = await buildTestApi(t)
  const { token, user } = await telegramSession(app, 4500)
  const stranger = await makeUser(db)
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin')
  const active = await makeListing(db, { ownerId: user.id, cityId: berlin.id, countryCode: 'DE' })
  const pending = await makeListing(db, { ownerId: user.id, cityId: berlin.id, countryCode: 'DE', status: 'pending' })
  await makeListing(db, { ownerId: stranger.id, cityId: berlin.id, countryCode: 'DE' })
  const load = (search: string) => loader(routeArgs(`/en/dashboard/listings${search}`, { app, token }))

  await t.test('signed in → only the own listings, with their statistics', async (t) => {
    const page = await load('')
    t.equal(page.status, 'all')
    t.same(page.listings.map((l) => l.id).sort(), [active.id, pending.id].sort())
    t.match(page.listings[0], { analytics: Object })
    t.match(page.pagination, { currentPage: 1, totalItems: 2, itemsPerPage: 20 })
  })

  await t.test('a status filter → that status only; an unknown one → all', async (t) => {
    t.same(
      (await load('?status=pending')).listings.map((l) => l.id),
      [pending.id],
    )
    t.equal((await load('?status=sold')).status, 'all')
  })

  await t.test('anonymous → sign-in with next', async (t) => {
    t.same(redirectOf(await thrownBy(() => loader(routeArgs('/en/dashboard/listings?status=active', { app })))), {
      status: 302,
      location: '/en/auth?next=%2Fen%2Fdashboard%2Flistings%3Fstatus%3Dactive',
    })
  })
})
