import t from 'tap'
import { loader } from '../../../../client/features/listing-form/listing-form-page.tsx'
import { buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../../helpers/factories.ts'
import { redirectOf, routeArgs, thrownBy } from '../../../helpers/page-context.ts'

t.test('listing form page loader', async (t) => {
  const { app, db } = await buildTestApi(t)
  const { token, user } = await telegramSession(app, 4600)
  const stranger = await makeUser(db)
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin' })
  const own = await makeListing(db, { ownerId: user.id, cityId: berlin.id, countryCode: 'DE', status: 'rejected' })
  const theirs = await makeListing(db, {
    ownerId: stranger.id,
    cityId: berlin.id,
    countryCode: 'DE',
    status: 'pending',
  })
  const create = (signedIn?: string) => loader(routeArgs('/en/dashboard/listings/create', { app, token: signedIn }))
  const edit = (id: string, signedIn?: string) =>
    loader(routeArgs(`/en/dashboard/listings/${id}`, { app, token: signedIn, params: { id } }))

  await t.test('a new listing → the countries to choose from, no listing, no photos', async (t) => {
    const page = await create(token)
    t.match(page, { id: null, listing: null, photos: [] })
    t.match(page.countries, [{ code: 'DE', popularCities: [{ key: 'berlin', name: 'Berlin' }] }])
  })

  await t.test('an own listing in any status → the listing with its contact, and its photos', async (t) => {
    const page = await edit(String(own.id), token)
    t.match(page, { id: own.id, listing: { id: own.id, status: 'rejected' }, photos: [] })
  })

  await t.test("another owner's listing, a missing one and an id that is not one → 404", async (t) => {
    for (const id of [String(theirs.id), '999999', 'abc', '-3', '1.5']) {
      t.match(
        await thrownBy(() => edit(id, token)),
        { data: { message: 'Listing not found' }, init: { status: 404 } },
        id,
      )
    }
  })

  await t.test(
    'anonymous on an edit → sign-in with next (the new-listing form reads only public data: the dashboard layout guards it)',
    async (t) => {
      const published = await makeListing(db, { ownerId: user.id, cityId: berlin.id, countryCode: 'DE' })
      t.same(redirectOf(await thrownBy(() => edit(String(published.id)))), {
        status: 302,
        location: `/en/auth?next=%2Fen%2Fdashboard%2Flistings%2F${published.id}`,
      })
      t.match(await create(), { id: null, listing: null })
    },
  )
})
