import t from 'tap'
import { loader } from '../../../../client/features/favorites/favorites-page.tsx'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../../helpers/factories.ts'
import { redirectOf, routeArgs, thrownBy } from '../../../helpers/page-context.ts'

t.test('favourites page loader', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const { token } = await telegramSession(app, 4300)
  const owner = await makeUser(db)
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin' })
  const first = await makeListing(db, { ownerId: owner.id, cityId: berlin.id, countryCode: 'DE' })
  const second = await makeListing(db, { ownerId: owner.id, cityId: berlin.id, countryCode: 'DE' })
  for (const listing of [first, second])
    t.equal((await call('POST', `/favorites/${listing.id}`, token)).statusCode, 200)

  await t.test('signed in → the saved listings as cards, newest first, with when they were saved', async (t) => {
    const page = await loader(routeArgs('/en/dashboard/favorites', { app, token }))
    t.same(
      page.favorites.map((f) => f.card.id),
      [second.id, first.id],
    )
    t.match(page.favorites[0], { savedAt: String, card: { slug: second.slug, cityName: 'Berlin', isFavorited: true } })
    t.match(page.pagination, { currentPage: 1, totalItems: 2 })
  })

  await t.test('a page number past the end or not a number → page 2 is empty, a bad one is page 1', async (t) => {
    t.same((await loader(routeArgs('/en/dashboard/favorites?page=2', { app, token }))).favorites, [])
    t.match((await loader(routeArgs('/en/dashboard/favorites?page=abc', { app, token }))).pagination, {
      currentPage: 1,
    })
  })

  await t.test('anonymous → sign-in with next', async (t) => {
    t.same(redirectOf(await thrownBy(() => loader(routeArgs('/en/dashboard/favorites?page=2', { app })))), {
      status: 302,
      location: '/en/auth?next=%2Fen%2Fdashboard%2Ffavorites%3Fpage%3D2',
    })
  })
})
