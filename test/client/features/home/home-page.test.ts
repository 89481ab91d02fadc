import t from 'tap'
import { loader } from '../../../../client/features/home/home-page.tsx'
import { buildTestApi } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../../helpers/factories.ts'
import { routeArgs } from '../../../helpers/page-context.ts'

t.test('home page loader', async (t) => {
  const { app, db } = await buildTestApi(t)
  const owner = await makeUser(db)
  await makeCountry(db, 'DE')
  await makeCountry(db, 'TR', { en: 'Turkey' }, 'TRY')
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin' })
  const hamburg = await makeCity(db, 'DE', 'hamburg', { en: 'Hamburg' })
  const boosted = await makeListing(db, {
    ownerId: owner.id,
    cityId: hamburg.id,
    countryCode: 'DE',
    boostUntil: new Date(Date.now() + 86_400_000),
  })
  const newer = await makeListing(db, { ownerId: owner.id, cityId: berlin.id, countryCode: 'DE' })
  await makeListing(db, {
    ownerId: owner.id,
    cityId: berlin.id,
    countryCode: 'DE',
    createdAt: new Date(Date.now() - 86_400_000),
  })

  await t.test(
    'boosted listings first, the busiest cities first, and the listings counted over every country',
    async (t) => {
      const home = await loader(routeArgs('/en', { app }))
      t.equal(home.featured[0]?.id, boosted.id)
      t.equal(home.featured[1]?.id, newer.id)
      t.match(home.cities.slice(0, 2), [
        { key: 'berlin', name: 'Berlin', countryName: 'Germany', listingsCount: 2 },
        { key: 'hamburg', listingsCount: 1 },
      ])
      t.equal(home.totalListings, 3)
      t.match(home.countries, [
        { code: 'DE', name: 'Germany', totalListings: 3 },
        { code: 'TR', totalListings: 0 },
      ])
    },
  )
})
