import t from 'tap'
import { apiCaller, buildTestApi, telegramSession } from '../../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing } from '../../../../helpers/factories.ts'

// GET /listings' price range in the currency it names (price_currency), converted once on the API
// (docs/decisions/005-cross-currency-price-filters.md): rials are read as Persian pages show them —
// another currency's rent at 60 000 rials per euro, a rial rent as it is. Saved alerts keep that meaning.

t.test('prices in the currency the search names', async (t) => {
  const { app, db } = await buildTestApi(t)
  await makeCountry(db, 'DE')
  await makeCountry(db, 'TR', { en: 'Turkey' }, 'TRY')
  await makeCountry(db, 'IR', { en: 'Iran' }, 'IRR')
  const berlin = await makeCity(db, 'DE', 'berlin')
  const istanbul = await makeCity(db, 'TR', 'istanbul')
  const tehran = await makeCity(db, 'IR', 'tehran')
  const owner = await telegramSession(app, 9401)
  const call = apiCaller(app)
  const listing = (
    name: string,
    cityId: number,
    countryCode: string,
    rent: number,
    currency: string,
    eurPerUnit: number,
  ) => makeListing(db, { ownerId: owner.user.id, cityId, countryCode, rent, currency, eurPerUnit, slug: name })
  // as fa cards show them: 48 000 000, 60 000 000, 46 800 000, 50 000 000 and 200 000 000 rials
  await listing('berlin-800', berlin.id, 'DE', 800, 'EUR', 1)
  await listing('berlin-1000', berlin.id, 'DE', 1000, 'EUR', 1)
  await listing('istanbul-30000', istanbul.id, 'TR', 30_000, 'TRY', 0.026)
  await listing('tehran-50m', tehran.id, 'IR', 50_000_000, 'IRR', 1 / 1_000_000)
  await listing('tehran-200m', tehran.id, 'IR', 200_000_000, 'IRR', 1 / 1_000_000)

  const found = async (query: string) => {
    const res = await call('GET', `/listings?language=fa&limit=50&${query}`, null)
    t.equal(res.statusCode, 200, query)
    return (res.json().data.listings as Array<{ slug: string }>).map((l) => l.slug).sort()
  }

  await t.test('rials: each rent compared as a Persian page shows it', async (t) => {
    t.same(await found('price_currency=IRR&min_price=45000000&max_price=55000000'), [
      'berlin-800',
      'istanbul-30000',
      'tehran-50m',
    ])
    t.same(await found('price_currency=irr&max_price=48000000'), ['berlin-800', 'istanbul-30000'])
    t.same(
      await found('price_currency=IRR&min_price=48000001'),
      ['berlin-1000', 'tehran-200m', 'tehran-50m'],
      'bounds are exact',
    )
    t.same(await found('price_currency=IRR&country=IR&max_price=100000000'), ['tehran-50m'])
    t.same(await found('price_currency=IRR&country=DE&min_price=50000000'), ['berlin-1000'])
  })

  await t.test('other currencies and links without price_currency compare in EUR as before', async (t) => {
    t.same(await found('price_currency=TRY&max_price=31000'), [
      'berlin-800',
      'istanbul-30000',
      'tehran-200m',
      'tehran-50m',
    ])
    t.same(await found('max_price=900'), ['berlin-800', 'istanbul-30000', 'tehran-200m', 'tehran-50m'], 'EUR')
    t.same(await found('country=IR&max_price=100000000'), ['tehran-50m'], "the country's currency")
  })

  await t.test('an unknown currency → 400 naming price_currency', async (t) => {
    const res = await call('GET', '/listings?price_currency=XYZ&max_price=10', null)
    t.equal(res.statusCode, 400)
    t.match(JSON.stringify(res.json().error.details), /price_currency/)
  })

  await t.test('an alert saved with rials matches new listings by the same reading', async (t) => {
    const admin = await telegramSession(app, 777)
    const renter = await telegramSession(app, 9402)
    const filters = { price_currency: 'IRR', min_price: 45_000_000, max_price: 55_000_000 }
    const created = await call('POST', '/alerts', renter.token, { name: 'rials', filters })
    t.equal(created.statusCode, 201)
    t.match(created.json().data.filters, { price_currency: 'IRR', min_price: '45000000' })
    const cases: Array<[string, number, string, number, string, number, boolean]> = [
      ['new-berlin-800', berlin.id, 'DE', 800, 'EUR', 1, true],
      ['new-berlin-1000', berlin.id, 'DE', 1000, 'EUR', 1, false],
      ['new-tehran-50m', tehran.id, 'IR', 50_000_000, 'IRR', 1 / 1_000_000, true],
      ['new-tehran-44m', tehran.id, 'IR', 44_000_000, 'IRR', 1 / 1_000_000, false],
      ['new-tehran-200m', tehran.id, 'IR', 200_000_000, 'IRR', 1 / 1_000_000, false],
    ]
    for (const [slug, cityId, countryCode, rent, currency, eurPerUnit, expected] of cases) {
      const made = await makeListing(db, {
        ownerId: owner.user.id,
        cityId,
        countryCode,
        rent,
        currency,
        eurPerUnit,
        slug,
        status: 'pending',
      })
      const approved = await call('PUT', `/admin/listings/${made.id}/status`, admin.token, { status: 'active' })
      t.equal(approved.statusCode, 200)
      const [row] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM alert_matches WHERE alert_id = $1 AND listing_id = $2`,
        [created.json().data.id, made.id],
      )
      t.equal(row!.n, expected ? 1 : 0, `${slug}: ${expected ? 'matches' : 'does not match'}`)
    }
  })
})
