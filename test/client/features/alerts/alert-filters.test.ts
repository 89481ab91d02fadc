import { setupI18n } from '@lingui/core'
import t from 'tap'
import {
  defaultAlertName,
  filterSummary,
  savedFilters,
  searchPath,
} from '../../../../client/features/alerts/alert-filters.ts'

// The catalogs are compiled by the bundler; here the messages' source (English) text is what renders.
async function i18nIn(locale: 'en' | 'fa') {
  const i18n = setupI18n()
  i18n.loadAndActivate({ locale, messages: {} })
  return i18n
}

t.test('savedFilters keeps exactly the GET /listings query names an alert saves', async (t) => {
  const params = new URLSearchParams(
    'city=berlin&max_price=900.5&min_price=&sort=newest&page=3&type=private_room&foo=bar&has_contract=true&include_discussable=true',
  )
  t.same(savedFilters(params), {
    city: 'berlin',
    type: 'private_room',
    max_price: '900',
    include_discussable: 'true',
    has_contract: 'true',
  })
  t.same(savedFilters(new URLSearchParams('')), {}, 'no filters: an alert on every new listing')
})

t.test('searchPath opens /listings with the saved filters, in the saved names', async (t) => {
  t.equal(searchPath({ city: 'berlin', max_price: '900' }), '/listings?city=berlin&max_price=900')
  t.equal(searchPath({ unknown: 'x' }), '/listings')
  t.equal(searchPath({}), '/listings')
})

t.test('the summary and default name in the reader’s language', async (t) => {
  const en = await i18nIn('en')
  const berlin = { city: 'berlin', max_price: '900' }
  t.equal(defaultAlertName(berlin, en, { locale: 'en', cityName: 'Berlin', currency: 'EUR' }), 'Berlin · up to €900')
  t.equal(
    filterSummary(
      {
        country: 'de',
        min_price: '500',
        max_price: '900',
        type: 'private_room',
        term: 'long',
        gender_pref: 'female',
        has_contract: 'true',
        include_discussable: 'true',
      },
      en,
      { locale: 'en', countryName: 'Germany', currency: 'EUR' },
    ),
    'Germany · €500 to €900 · Private room · Long term · Gender: Female · official contract · negotiable rents too',
  )
  t.equal(filterSummary({ min_price: '500' }, en, { locale: 'en' }), 'from €500', 'no country: prices in euros')
  t.equal(filterSummary({ start_date: '2026-09-01' }, en, { locale: 'en' }), 'available by September 1, 2026')
  t.equal(filterSummary({}, en, { locale: 'en' }), 'All listings')
  t.equal(
    defaultAlertName({ city: 'berlin', bbox: '13.3,52.5,13.45,52.55', max_price: '900' }, en, {
      locale: 'en',
      cityName: 'Berlin',
      currency: 'EUR',
    }),
    'Berlin · in an area chosen on the map · up to €900',
    "the map's box in words, never its numbers",
  )
  t.equal(filterSummary({ has_contract: 'false' }, en, { locale: 'en' }), 'no official contract')
  t.equal(defaultAlertName({}, en, { locale: 'en' }), 'All listings')
  t.equal(
    filterSummary({ city: 'atlantis', type: 'castle' }, en, { locale: 'en' }),
    'atlantis',
    'an unknown city key stays a key; an unknown type is left out',
  )
  t.equal(
    defaultAlertName({ city: 'berlin', max_price: '900', type: 'shared_room', term: 'short' }, en, {
      locale: 'en',
      cityName: 'Berlin',
    }),
    'Berlin · up to €900 · Shared room',
    'the name takes the first three parts',
  )
  t.equal(defaultAlertName({ city: 'x' }, en, { locale: 'en', cityName: 'N'.repeat(150) }).length, 100)

  const fa = await i18nIn('fa')
  const name = defaultAlertName(berlin, fa, { locale: 'fa', cityName: 'برلین', currency: 'EUR' })
  t.match(name, /^برلین · up to [۰-۹٬,]+ ریال$/, 'the city’s Persian name, Persian digits, the rent in rials')
})
