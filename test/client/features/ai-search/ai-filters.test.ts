import { setupI18n } from '@lingui/core'
import t from 'tap'
import {
  filterChips,
  filterValues,
  fullSearchPath,
  withoutChip,
} from '../../../../client/features/ai-search/ai-filters.ts'
import type { AiFilters } from '../../../../shared/schemas/ai.ts'

// The catalogs are compiled by the bundler; here the messages' source (English) text is what renders.
function i18nIn(locale: 'en' | 'fa') {
  const i18n = setupI18n()
  i18n.loadAndActivate({ locale, messages: {} })
  return i18n
}

const understood: AiFilters = { country: 'DE', city: 'berlin', type: 'private_room', max_price: 600 }

t.test('filterValues writes the filters as GET /listings query values', async (t) => {
  t.same(filterValues({ ...understood, has_contract: false, min_price: 0, term: undefined }), {
    country: 'DE',
    city: 'berlin',
    type: 'private_room',
    max_price: '600',
    has_contract: 'false',
    min_price: '0',
  })
})

t.test('filterChips: one chip a filter, in the reader’s words, the city standing for its country', async (t) => {
  const en = i18nIn('en')
  const names = { locale: 'en' as const, cityName: 'Berlin', countryName: 'Germany', currency: 'EUR' }
  t.same(filterChips(understood, en, names), [
    { label: 'Berlin', names: ['city'] },
    { label: 'up to €600', names: ['max_price'] },
    { label: 'Private room', names: ['type'] },
  ])
  t.same(
    filterChips(
      { country: 'TR', min_price: 10000, max_price: 20000, term: 'long', gender_pref: 'female', has_contract: false },
      en,
      { locale: 'en', countryName: 'Turkey', currency: 'TRY' },
    ),
    [
      { label: 'Turkey', names: ['country'] },
      { label: 'TRY\u00a010,000 to TRY\u00a020,000', names: ['min_price', 'max_price'] },
      { label: 'Long term', names: ['term'] },
      { label: 'Gender: Female', names: ['gender_pref'] },
      { label: 'no official contract', names: ['has_contract'] },
    ],
    'a price range is one chip; prices in the country’s currency; "without a contract" is a filter too',
  )
  t.same(filterChips({ start_date: '2026-09-30', has_contract: true }, en, { locale: 'en' }), [
    { label: 'available by September 30, 2026', names: ['start_date'] },
    { label: 'official contract', names: ['has_contract'] },
  ])
  t.same(filterChips({}, en, { locale: 'en' }), [], 'nothing understood: no chips')
  t.same(
    filterChips({ city: 'atlantis' }, en, { locale: 'en' }).map((c) => c.label),
    ['atlantis'],
    'a city without a known name keeps its key',
  )

  const fa = i18nIn('fa')
  const [city, price] = filterChips(understood, fa, { locale: 'fa', cityName: 'برلین', currency: 'EUR' })
  t.equal(city?.label, 'برلین')
  t.match(price?.label, /^up to [۰-۹٬]+ ریال$/, 'Persian digits, the rent in rials')
})

t.test('withoutChip leaves the other filters as the whole set for the next search', async (t) => {
  const en = i18nIn('en')
  const chips = filterChips(understood, en, { locale: 'en', cityName: 'Berlin' })
  t.same(
    withoutChip(understood, chips[0]!),
    { country: 'DE', type: 'private_room', max_price: 600 },
    'Berlin → Germany',
  )
  t.same(withoutChip(understood, chips[1]!), { country: 'DE', city: 'berlin', type: 'private_room' })
  const range: AiFilters = { min_price: 400, max_price: 900, type: 'apartment' }
  t.same(withoutChip(range, filterChips(range, en, { locale: 'en' })[0]!), { type: 'apartment' }, 'a range goes whole')
})

t.test('fullSearchPath opens the free /listings search with the same filters', async (t) => {
  t.equal(fullSearchPath(understood), '/listings?country=DE&city=berlin&type=private_room&max_price=600')
  t.equal(fullSearchPath({ has_contract: false }), '/listings?has_contract=false')
  t.equal(fullSearchPath({}), '/listings')
})
