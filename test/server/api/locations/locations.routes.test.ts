import t from 'tap'
import { buildTestApi } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../../helpers/factories.ts'

t.test('locations routes', async (t) => {
  const { app, db } = await buildTestApi(t)
  const owner = await makeUser(db)
  await makeCountry(db, 'DE')
  await makeCountry(
    db,
    'TR',
    { fa: 'ترکیه', en: 'Turkey', tr: 'Türkiye', de: 'Türkei', es: 'Turquía', it: 'Turchia' },
    'TRY',
  )
  const berlin = await makeCity(db, 'DE', 'berlin', {
    fa: 'برلین',
    en: 'Berlin',
    tr: 'Berlin',
    es: 'Berlín',
    de: 'Berlin',
    it: 'Berlino',
  })
  await makeCity(
    db,
    'DE',
    'cologne',
    { fa: 'کلن', en: 'Cologne', tr: 'Köln', es: 'Colonia', de: 'Köln', it: 'Colonia' },
    false,
  )
  const istanbul = await makeCity(db, 'TR', 'istanbul', {
    fa: 'استانبول',
    en: 'Istanbul',
    tr: 'İstanbul',
    es: 'Estambul',
    de: 'Istanbul',
    it: 'Istanbul',
  })
  await makeListing(db, { ownerId: owner.id, cityId: berlin.id, countryCode: 'DE' })
  await makeListing(db, { ownerId: owner.id, cityId: berlin.id, countryCode: 'DE' })
  await makeListing(db, { ownerId: owner.id, cityId: berlin.id, countryCode: 'DE', status: 'pending' })
  await makeListing(db, { ownerId: owner.id, cityId: istanbul.id, countryCode: 'TR', currency: 'TRY' })

  const data = async (url: string) => {
    const res = await app.inject({ url })
    t.equal(res.statusCode, 200, url)
    return res.json().data
  }

  await t.test('countries in the requested language with popular cities and active counts', async (t) => {
    const { countries } = await data('/api/v1/locations/countries?language=de')
    const de = countries.find((c: { code: string }) => c.code === 'DE')
    t.match(de, { name: 'Deutschland', english_name: 'Germany', currency: 'EUR', total_listings: 2 })
    t.same(
      de.popular_cities.map((c: { key: string }) => c.key),
      ['berlin'],
      'only popular cities',
    )
    t.equal(de.popular_cities[0].listings_count, 2, 'pending listings are not counted')
  })

  await t.test('cities of a country, most listings first; unknown country → 404', async (t) => {
    const { cities } = await data('/api/v1/locations/countries/de/cities?language=fa')
    t.same(
      cities.map((c: { name: string }) => c.name),
      ['برلین', 'کلن'],
    )
    const missing = await app.inject({ url: '/api/v1/locations/countries/ZZ/cities' })
    t.equal(missing.statusCode, 404)
    t.equal((await app.inject({ url: '/api/v1/locations/countries/DEU/cities' })).statusCode, 400)
  })

  await t.test('city search folds case, diacritics, scripts and Arabic letter variants', async (t) => {
    const keys = async (q: string, extra = '') =>
      (await data(`/api/v1/locations/cities/search?q=${encodeURIComponent(q)}${extra}`)).cities.map(
        (c: { key: string }) => c.key,
      )
    t.same(await keys('berl'), ['berlin'])
    t.same(await keys('BERLÍN'), ['berlin'], 'accents and case')
    t.same(await keys('برلین'), ['berlin'], 'Persian')
    t.same(await keys('برلين'), ['berlin'], 'Arabic yeh matches Persian yeh')
    t.same(await keys('koln'), ['cologne'], 'Köln without the umlaut')
    t.same(await keys('istanbul'), ['istanbul'], 'dotted İ folds to i')
    t.same(await keys('استانبول'), ['istanbul'])
    t.same(await keys('colonia', '&country=TR'), [], 'limited to a country')
    const named = await data('/api/v1/locations/cities/search?q=kol&language=it')
    t.equal(named.cities[0].name, 'Colonia')
    t.equal((await app.inject({ url: '/api/v1/locations/cities/search' })).statusCode, 400, 'q is required')
    t.same(
      await keys('l', '&language=en'),
      ['berlin', 'istanbul', 'cologne'],
      'three cities match, most listings first',
    )
    t.same(await keys('l', '&language=en&limit=0'), ['berlin'], 'limit 0 is 1: clamped, not refused')
    t.same(await keys('l', '&language=en&limit=500'), ['berlin', 'istanbul', 'cologne'], 'limit 500 is 50')
    t.equal(
      (await app.inject({ url: '/api/v1/locations/cities/search?q=l&limit=all' })).statusCode,
      400,
      'not a number is refused',
    )
  })

  await t.test('supported countries for a term, with their cities', async (t) => {
    const { countries } = await data('/api/v1/locations/supported?term=long&language=en')
    t.ok(countries.length >= 2)
    t.ok(countries.every((c: { cities: unknown[] }) => Array.isArray(c.cities)))
    t.equal((await app.inject({ url: '/api/v1/locations/supported?term=forever' })).statusCode, 400)
  })
})
