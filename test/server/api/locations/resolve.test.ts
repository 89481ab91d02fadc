import t from 'tap'
import { buildTestApi } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../../helpers/factories.ts'

t.test('GET /locations/resolve', async (t) => {
  const { app, db } = await buildTestApi(t)
  const owner = await makeUser(db)
  await makeCountry(db, 'DE')
  await makeCountry(db, 'IR', { fa: 'ایران', en: 'Iran', tr: 'İran', es: 'Irán', de: 'Iran', it: 'Iran' }, 'IRR')
  await makeCountry(
    db,
    'GB',
    {
      fa: 'بریتانیا',
      en: 'United Kingdom',
      tr: 'Birleşik Krallık',
      es: 'Reino Unido',
      de: 'Vereinigtes Königreich',
      it: 'Regno Unito',
    },
    'GBP',
  )
  await makeCountry(
    db,
    'CA',
    { fa: 'کانادا', en: 'Canada', tr: 'Kanada', es: 'Canadá', de: 'Kanada', it: 'Canada' },
    'CAD',
  )
  await makeCountry(db, 'EG', { fa: 'مصر', en: 'Egypt', tr: 'Mısır', es: 'Egipto', de: 'Ägypten', it: 'Egitto' }, 'EGP')
  const berlin = await makeCity(db, 'DE', 'berlin', { fa: 'برلین', en: 'Berlin', es: 'Berlín', it: 'Berlino' })
  const tehran = await makeCity(db, 'IR', 'tehran', { fa: 'تهران', en: 'Tehran', de: 'Teheran', es: 'Teherán' })
  await makeCity(db, 'IR', 'karaj', { fa: 'کرج', en: 'Karaj', de: 'Karadsch' })
  await makeCity(db, 'GB', 'newcastle', { fa: 'نیو‌کاسل', en: 'Newcastle' })
  await makeCity(db, 'GB', 'london', { fa: 'لندن', en: 'London', es: 'Londres', it: 'Londra' })
  await makeCity(db, 'CA', 'london-ontario', { fa: 'لندن', en: 'London', es: 'Londres', it: 'Londra' })
  await makeCity(db, 'EG', '6th-of-october', { fa: 'شهر ۶ اکتبر', en: '6th of October City' })
  await makeListing(db, { ownerId: owner.id, cityId: tehran.id, countryCode: 'IR', currency: 'IRR' })
  await makeListing(db, { ownerId: owner.id, cityId: berlin.id, countryCode: 'DE' })

  const resolve = async (q: string, extra = '') => {
    const res = await app.inject({ url: `/api/v1/locations/resolve?q=${encodeURIComponent(q)}${extra}` })
    t.equal(res.statusCode, 200, q)
    return res.json().data as {
      status: string
      places: Array<{ kind: string; country_code: string; city_key: string | null; name: string }>
    }
  }
  const found = async (q: string, extra = '') => {
    const { status, places } = await resolve(q, extra)
    t.equal(status, 'found', `${q} is found`)
    return places.map((p) => `${p.kind}:${p.country_code}:${p.city_key ?? ''}`)
  }

  await t.test('a typed city in any language is its city, named in the reader’s language', async (t) => {
    t.same(await found('تهران'), ['city:IR:tehran'])
    t.same(await found('Teheran'), ['city:IR:tehran'], 'German')
    t.same(await found('  TEHERÁN '), ['city:IR:tehran'], 'Spanish, case, accent and spaces')
    t.same(await found('Berlino'), ['city:DE:berlin'], 'Italian')
    t.same(await found('tehran'), ['city:IR:tehran'], 'its key')
    const { places } = await resolve('تهران', '&language=de')
    t.match(places[0], { name: 'Teheran', country_name: 'Iran', listings_count: 1 })
  })

  await t.test('Arabic letter variants, Persian and Arabic digits and ZWNJ are folded', async (t) => {
    t.same(await found('برلين'), ['city:DE:berlin'], 'Arabic yeh ي for ی')
    t.same(await found('كرج'), ['city:IR:karaj'], 'Arabic kaf ك for ک')
    t.same(await found('نیوکاسل'), ['city:GB:newcastle'], 'typed without the ZWNJ of the stored name')
    t.same(await found('نیو‌کاسل'), ['city:GB:newcastle'], 'typed with it')
    t.same(await found('شهر 6 اكتبر'), ['city:EG:6th-of-october'], 'ASCII digit and kaf for the Persian ۶ and ک')
    t.same(await found('شهر ٦ اکتبر'), ['city:EG:6th-of-october'], 'Arabic-Indic digit')
    t.same(await found('6th-of-October city'), ['city:EG:6th-of-october'], 'a hyphen between words is a space')
  })

  await t.test('a typed country is its country, with its listings', async (t) => {
    t.same(await found('آلمان'), ['country:DE:'])
    t.same(await found('Germany'), ['country:DE:'])
    t.same(await found('deutschland'), ['country:DE:'])
    t.same(await found('ايران'), ['country:IR:'], 'Arabic yeh')
    const { places } = await resolve('Germany', '&language=fa')
    t.match(places[0], { name: 'آلمان', listings_count: 1 })
  })

  await t.test('a name two places bear is ambiguous; a chosen country settles it', async (t) => {
    const { status, places } = await resolve('لندن', '&language=en')
    t.equal(status, 'ambiguous')
    t.same(places.map((p) => p.country_code).sort(), ['CA', 'GB'])
    t.ok(places.every((p) => p.name === 'London'))
    t.same(await found('Londres', '&country=ca'), ['city:CA:london-ontario'])
  })

  await t.test('an unknown name says so, offering the names that contain it', async (t) => {
    t.same(await resolve('Atlantis'), { status: 'unknown', places: [] })
    const near = await resolve('تهر')
    t.equal(near.status, 'unknown')
    t.same(
      near.places.map((p) => p.city_key),
      ['tehran'],
    )
    const country = await resolve('Germ')
    t.same(
      country.places.map((p) => `${p.kind}:${p.country_code}`),
      ['country:DE'],
      'a country whose name begins so',
    )
    const elsewhere = await resolve('برلین', '&country=IR')
    t.equal(elsewhere.status, 'unknown', 'no Berlin in Iran')
    t.same(
      elsewhere.places.map((p) => `${p.country_code}:${p.city_key}`),
      ['DE:berlin'],
      'the Berlin of another country is offered',
    )
  })

  await t.test('bad input → 400 with field errors', async (t) => {
    for (const url of [
      '/api/v1/locations/resolve',
      '/api/v1/locations/resolve?q=%20',
      `/api/v1/locations/resolve?q=${'a'.repeat(81)}`,
      '/api/v1/locations/resolve?q=berlin&country=DEU',
    ]) {
      const res = await app.inject({ url })
      t.equal(res.statusCode, 400, url)
      t.equal(res.json().error.code, 'VALIDATION_ERROR')
    }
  })
})
