import t from 'tap'
import { loader } from '../../../../client/features/listings/listing-loader.ts'
import { buildTestApi } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../../helpers/factories.ts'
import { routeArgs, thrownBy } from '../../../helpers/page-context.ts'

t.test('listing page loader', async (t) => {
  const { app, db } = await buildTestApi(t)
  const owner = await makeUser(db, { first_name: 'Reza' })
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin', de: 'Berlin' })
  const active = await makeListing(db, { ownerId: owner.id, cityId: berlin.id, countryCode: 'DE', rent: 900 })
  const pending = await makeListing(db, { ownerId: owner.id, cityId: berlin.id, countryCode: 'DE', status: 'pending' })
  const load = (slug: string) => loader(routeArgs(`/en/listing/${slug}`, { app, params: { slug } }))

  await t.test('an active listing → the listing, in the page language', async (t) => {
    const { listing } = await load(active.slug)
    t.match(listing, { id: active.id, slug: active.slug, city: 'berlin', cityName: 'Berlin', status: 'active' })
  })

  await t.test('a pending listing, a missing slug and a malformed one → 404 "Listing not found"', async (t) => {
    for (const slug of [pending.slug, 'no-such-listing', 'x'.repeat(300)]) {
      t.match(
        await thrownBy(() => load(slug)),
        { data: { message: 'Listing not found' }, init: { status: 404 } },
        slug.slice(0, 40),
      )
    }
  })

  await t.test('the API failing otherwise → its error goes on to the error page', async (t) => {
    await db.exec('ALTER TABLE listings RENAME TO listings_gone')
    t.teardown(() => db.exec('ALTER TABLE listings_gone RENAME TO listings'))
    t.match(await thrownBy(() => load(active.slug)), { status: 500, code: 'INTERNAL' })
  })
})
