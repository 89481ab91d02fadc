import t from 'tap'
import { loader } from '../../../../client/features/listings/listings-loader.ts'
import { buildTestApi } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../../helpers/factories.ts'
import { routeArgs, thrownBy } from '../../../helpers/page-context.ts'

t.test('listings page loader', async (t) => {
  const { app, db } = await buildTestApi(t)
  const owner = await makeUser(db)
  await makeCountry(db, 'DE')
  await makeCountry(db, 'TR', { en: 'Turkey' }, 'TRY')
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin', de: 'Berlin' })
  const istanbul = await makeCity(db, 'TR', 'istanbul', { en: 'Istanbul' })
  const cheap = await makeListing(db, { ownerId: owner.id, cityId: berlin.id, countryCode: 'DE', rent: 500 })
  const dear = await makeListing(db, { ownerId: owner.id, cityId: berlin.id, countryCode: 'DE', rent: 1500 })
  await makeListing(db, {
    ownerId: owner.id,
    cityId: istanbul.id,
    countryCode: 'TR',
    rent: 20000,
    currency: 'TRY',
    eurPerUnit: 0.026,
  })
  const load = (search: string) => loader(routeArgs(`/en/listings${search}`, { app }))

  await t.test(
    'filters from the URL → the matching cards, the city name, the filters as sent and the countries',
    async (t) => {
      const page = await load('?city=berlin&min_price=400.7&sort=price_asc&unknown=1')
      t.same(
        page.listings.map((l) => l.id),
        [cheap.id, dear.id],
      )
      t.match(page.listings[0], {
        slug: cheap.slug,
        cityName: 'Berlin',
        countryName: 'Germany',
        rent: 500,
        photo: null,
      })
      t.equal(page.cityName, 'Berlin')
      t.same(page.filters, { city: 'berlin', min_price: 400, sort: 'price_asc' }, 'known keys only, prices as integers')
      t.match(page.pagination, { currentPage: 1, totalItems: 2 })
      t.match(page.countries, [
        { code: 'DE', name: 'Germany', currency: 'EUR' },
        { code: 'TR', name: 'Turkey', currency: 'TRY' },
      ])
    },
  )

  await t.test('no listing matches → no cards and no city name', async (t) => {
    const page = await load('?city=nowhere')
    t.same(page.listings, [])
    t.equal(page.cityName, undefined)
  })

  await t.test('impossible filters in a hand-edited URL → 400 "Invalid filters"', async (t) => {
    t.match(await thrownBy(() => load('?type=castle')), { data: { message: 'Invalid filters' }, init: { status: 400 } })
  })
})
