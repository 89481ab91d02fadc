import t, { type Test } from 'tap'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../../helpers/factories.ts'

// POST /ai/search: the query read into GET /listings filters, the normal search run with them,
// the results ranked by fit to the reader's preferences, insights and refinements in their language.

const TODAY = new Date('2026-11-24T10:00:00Z')

let built: Awaited<ReturnType<typeof marketOnce>> | undefined
/** One market for the file (a loaded machine builds an API slowly); each case signs in its own reader. */
const market = async (_t: Test) => built!

async function marketOnce(t: Test) {
  const { app, db } = await buildTestApi(t, { aiNow: () => TODAY })
  const owner = await makeUser(db)
  await makeCountry(db, 'DE')
  await makeCountry(db, 'AT', {
    fa: 'اتریش',
    en: 'Austria',
    de: 'Österreich',
    tr: 'Avusturya',
    it: 'Austria',
    es: 'Austria',
  })
  const berlin = await makeCity(db, 'DE', 'berlin', { fa: 'برلین', en: 'Berlin', it: 'Berlino', es: 'Berlín' })
  const vienna = await makeCity(db, 'AT', 'vienna', {
    fa: 'وین',
    en: 'Vienna',
    de: 'Wien',
    tr: 'Viyana',
    it: 'Vienna',
    es: 'Viena',
  })
  const at = (cityId: number, countryCode: string) => ({ ownerId: owner.id, cityId, countryCode })
  const rooms = [
    await makeListing(db, { ...at(berlin.id, 'DE'), type: 'private_room', rent: 450, genderPref: 'female' }),
    await makeListing(db, { ...at(berlin.id, 'DE'), type: 'private_room', rent: 550, hasContract: true }),
    await makeListing(db, { ...at(berlin.id, 'DE'), type: 'private_room', rent: 750 }),
  ]
  const flat = await makeListing(db, { ...at(berlin.id, 'DE'), type: 'apartment', rent: 1200 })
  const viennaRoom = await makeListing(db, { ...at(vienna.id, 'AT'), type: 'private_room', rent: 500 })
  return { app, db, call: apiCaller(app), rooms, flat, viennaRoom }
}

t.test('AI search', async (t) => {
  built = await marketOnce(t)
  t.test('a Persian query: the filters it understood, the matching listings, Persian insights', async (t) => {
    const { app, call, rooms } = await market(t)
    const reader = await telegramSession(app, 4301)
    const res = await call('POST', '/ai/search', reader.token, { query: 'اتاق در برلین زیر ۶۰۰ یورو', language: 'fa' })
    t.equal(res.statusCode, 200)
    const data = res.json().data
    t.same(data.filters, { country: 'DE', city: 'berlin', type: 'private_room', max_price: 600 })
    t.equal(data.provider, 'local')
    t.same(data.listings.map((l: { id: number }) => l.id).sort(), [rooms[0]!.id, rooms[1]!.id].sort())
    t.equal(data.search_summary.total_results, 2)
    t.equal(data.search_summary.query, 'اتاق در برلین زیر ۶۰۰ یورو')
    t.match(data.search_summary.ai_insights[0], /۲ آگهی/, 'the count in Persian digits')
    t.ok(data.search_summary.suggested_refinements.length > 0, 'few results: looser refinements offered')
    const raise = data.search_summary.suggested_refinements[0]
    t.same(raise.filters, { country: 'DE', city: 'berlin', type: 'private_room', max_price: 750 }, 'a higher budget')
    t.equal(data.remaining_credits, 2)
  })

  t.test('the same search in German: German sentences, the chips the reader kept are the filters', async (t) => {
    const { app, call, rooms } = await market(t)
    const reader = await telegramSession(app, 4302)
    const res = await call('POST', '/ai/search', reader.token, {
      query: 'Zimmer in Berlin unter 600 €',
      language: 'de',
      filters: { country: 'DE', city: 'berlin', type: 'private_room', max_price: 800, has_contract: true },
    })
    const data = res.json().data
    t.same(data.filters, { country: 'DE', city: 'berlin', type: 'private_room', max_price: 800, has_contract: true })
    t.same(
      data.listings.map((l: { id: number }) => l.id),
      [rooms[1]!.id],
    )
    t.match(
      data.search_summary.ai_insights.join(' '),
      /1 Inserat passt zu deiner Suche\./,
      'one, not "1 Inserate passen"',
    )

    const wider = await call('POST', '/ai/search', reader.token, {
      query: 'Zimmer in Berlin unter 600 €',
      language: 'de',
      filters: { country: 'DE', type: 'private_room' },
    })
    t.same(wider.json().data.filters, { country: 'DE', type: 'private_room' }, 'a removed chip stays removed')
  })

  t.test("a map's box among the kept filters: searched as GET /listings searches it", async (t) => {
    const { app, call, db, rooms } = await market(t)
    const reader = await telegramSession(app, 4310)
    await db.query(
      `UPDATE listings SET public_lat = 52.52, public_lng = 13.4, exact_lat = 52.521, exact_lng = 13.401 WHERE id = $1`,
      [rooms[2]!.id],
    )
    const filters = { type: 'private_room', bbox: '13.35,52.5,13.45,52.55' }
    const res = await call('POST', '/ai/search', reader.token, { query: 'room', language: 'en', filters })
    t.equal(res.statusCode, 200, res.body)
    t.same(res.json().data.filters, filters, 'the box is kept')
    t.same(
      res.json().data.listings.map((l: { id: number }) => l.id),
      [rooms[2]!.id],
    )
    const bad = await call('POST', '/ai/search', reader.token, {
      query: 'room',
      language: 'en',
      filters: { bbox: '13.45,52.5,13.35,52.55' },
    })
    t.equal(bad.statusCode, 400)
    t.match(bad.json().error.details, [{ path: 'filters.bbox' }])
  })

  t.test('results are ranked by fit to the stored preferences', async (t) => {
    const { app, call, rooms } = await market(t)
    const reader = await telegramSession(app, 4303)
    await call('PUT', '/ai/preferences', reader.token, { gender: 'male', must_haves: ['contract'], budget_max: 700 })
    const res = await call('POST', '/ai/search', reader.token, { query: 'room in Berlin', language: 'en' })
    const data = res.json().data
    t.equal(data.listings[0].id, rooms[1]!.id, 'the one with a contract, in budget and open to men comes first')
    t.equal(data.fit[0].score, 100)
    t.ok(
      data.fit.every(
        (f: { score: number }, i: number, all: Array<{ score: number }>) => i === 0 || all[i - 1]!.score >= f.score,
      ),
      'best fit first',
    )
    t.match(data.search_summary.ai_insights, ['3 listings match your search.'])
    t.match(data.search_summary.ai_insights.join(' '), /1 of those shown fits your preferences well\./)
  })

  t.test('one result is one listing: "1 listing matches", never "1 listings match"', async (t) => {
    const { app, call, flat } = await market(t)
    const reader = await telegramSession(app, 4306)
    const data = (
      await call('POST', '/ai/search', reader.token, {
        query: 'apartment in Berlin',
        language: 'en',
        filters: { country: 'DE', city: 'berlin', type: 'apartment' },
      })
    ).json().data
    t.same(
      data.listings.map((l: { id: number }) => l.id),
      [flat.id],
    )
    t.ok(data.search_summary.ai_insights.includes('1 listing matches your search.'), data.search_summary.ai_insights)
  })

  t.test('a query with nothing to read still searches, and says so', async (t) => {
    const { app, call } = await market(t)
    const reader = await telegramSession(app, 4304)
    const data = (await call('POST', '/ai/search', reader.token, { query: 'hello', language: 'it' })).json().data
    t.same(data.filters, {})
    t.equal(data.search_summary.total_results, 5)
    t.match(data.search_summary.ai_insights[0], /Non siamo riusciti/)
  })

  t.test('Viyana in Turkish finds Vienna; nothing in a city offers the whole country', async (t) => {
    const { app, call, viennaRoom } = await market(t)
    const reader = await telegramSession(app, 4305)
    const data = (await call('POST', '/ai/search', reader.token, { query: "Viyana'da oda", language: 'tr' })).json()
      .data
    t.same(
      data.listings.map((l: { id: number }) => l.id),
      [viennaRoom.id],
    )
    const none = (await call('POST', '/ai/search', reader.token, { query: 'Wohnung in Wien', language: 'de' })).json()
      .data
    t.equal(none.search_summary.total_results, 0)
    t.match(none.search_summary.ai_insights, ['Noch passt kein Inserat zu allem.'])
    const labels = none.search_summary.suggested_refinements.map((r: { label: string }) => r.label)
    t.ok(labels.includes('Überall in Österreich'), 'the whole country')
    t.ok(labels.includes('Nur Zimmer (meist günstiger)'), 'rooms instead')
  })
})
