import t from 'tap'
import { parseQuery } from '../../../../server/integrations/ai/local-query-parser.ts'
import { QUERY_TABLE } from './query-table.ts'
import { SEED_GAZETTEER } from './seed-gazetteer.ts'

// The local provider's query parser on a table of queries people write, ten per language, each with
// the GET /listings filters it means (docs/decisions/021-ai-search-and-credits.md).

const TODAY = new Date('2026-11-24T10:00:00Z')
const sorted = (o: object) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)))

t.test('the query table: at least ten queries per language, each understood as meant', async (t) => {
  for (const language of ['fa', 'en', 'de', 'tr', 'it', 'es'])
    t.ok(QUERY_TABLE.filter((c) => c.language === language).length >= 10, `ten or more ${language} queries`)
  let right = 0
  for (const c of QUERY_TABLE) {
    const got = parseQuery(c.query, SEED_GAZETTEER, TODAY)
    const same =
      t.same(sorted(got.filters), sorted(c.filters), `${c.language}: ${c.query}`) &&
      t.same([...got.must_haves].sort(), [...(c.must_haves ?? [])].sort(), `${c.language}: must-haves of ${c.query}`)
    if (same) right++
  }
  t.comment(`parser accuracy on the table: ${right}/${QUERY_TABLE.length}`)
})

t.test('folding: Arabic letters, Persian and Arabic-Indic digits, ZWNJ and case are all one', async (t) => {
  const persian = parseQuery('اتاق در کلن زیر ۶۰۰ یورو', SEED_GAZETTEER, TODAY).filters
  t.same(parseQuery('اتاق در كلن زير ٦٠٠ يورو', SEED_GAZETTEER, TODAY).filters, persian, 'ي/ك and ٠–٩')
  t.same(parseQuery('ROOM IN KÖLN UNDER 600 EUR', SEED_GAZETTEER, TODAY).filters, persian, 'case and diacritics')
  t.same(
    parseQuery('اتاق کوتاه‌مدت', SEED_GAZETTEER, TODAY).filters,
    parseQuery('اتاق کوتاه مدت', SEED_GAZETTEER, TODAY).filters,
    'ZWNJ and space',
  )
})

t.test('numbers that are not prices stay out of the price filters', async (t) => {
  t.same(parseQuery('room from 1 March 2027 for 3 months', SEED_GAZETTEER, TODAY).filters, {
    type: 'private_room',
    term: 'short',
    start_date: '2027-03-31',
  })
  t.same(parseQuery('Türkiye 1+1 daire', SEED_GAZETTEER, TODAY).filters, { country: 'TR', type: 'apartment' })
})

t.test('a price said in euros is searched in the currency of the country named', async (t) => {
  const { filters } = parseQuery('room in Istanbul under 260 euro', SEED_GAZETTEER, TODAY)
  t.equal(filters.max_price, 10_000, '260 EUR at 0.026 EUR per lira')
  t.equal(parseQuery('room in Istanbul under 10000 TL', SEED_GAZETTEER, TODAY).filters.max_price, 10_000)
})

t.test('a query with nothing to filter on is no filters, never an error', async (t) => {
  t.same(parseQuery('hello there', SEED_GAZETTEER, TODAY), { filters: {}, must_haves: [] })
  t.same(parseQuery('   ', SEED_GAZETTEER, TODAY), { filters: {}, must_haves: [] })
})
