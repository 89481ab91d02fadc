import t from 'tap'
import { openAiQueryProvider } from '../../../../server/integrations/ai/openai-query-provider.ts'
import { formatRent } from '../../../../shared/money.ts'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { startFakeOpenAi } from '../../../helpers/fake-openai.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../../helpers/factories.ts'

// POST /ai/search with AI_PROVIDER=openai (a fake on loopback): the answer's sentences agree with the
// cards beside it, and say nothing of "your preferences" to a reader who set none.

const KEY = 'sk-test-ai-answers'
const understood = {
  country: 'CA',
  city: 'toronto',
  type: 'apartment',
  term: null,
  min_price: null,
  max_price: null,
  gender_pref: null,
  has_contract: null,
  start_date: null,
  must_haves: ['furnished', 'contract'],
}

t.test('AI search answers', async (t) => {
  const fake = await startFakeOpenAi(KEY)
  t.teardown(() => fake.close())
  fake.answer = () => JSON.stringify(understood)
  const { app, db } = await buildTestApi(t, {
    aiProvider: openAiQueryProvider({ baseUrl: fake.url, apiKey: KEY, model: 'test-model' }),
  })
  const owner = await makeUser(db)
  await makeCountry(db, 'CA', { en: 'Canada', fa: 'کانادا' }, 'CAD')
  const toronto = await makeCity(db, 'CA', 'toronto', { en: 'Toronto', fa: 'تورنتو' })
  for (const rent of [2410, 2990, 3350])
    await makeListing(db, {
      ownerId: owner.id,
      cityId: toronto.id,
      countryCode: 'CA',
      type: 'apartment',
      rent,
      currency: 'CAD',
      eurPerUnit: 0.66,
    })
  const call = apiCaller(app)

  await t.test('the cheapest and the median are the cards’ prices, in en and in fa', async (t) => {
    const reader = await telegramSession(app, 4401)
    for (const language of ['en', 'fa'] as const) {
      const res = await call('POST', '/ai/search', reader.token, { query: 'furnished flat in Toronto', language })
      t.equal(res.statusCode, 200)
      const insights = res.json().data.search_summary.ai_insights.join(' ')
      const cheapest = formatRent(2410, 'CAD', language)
      t.ok(insights.includes(cheapest), `${language}: the cheapest is ${cheapest}, as its card shows (${insights})`)
      const median = formatRent(2990, 'CAD', language)
      t.ok(insights.includes(median), `${language}: the median is ${median}, a card's price`)
    }
  })

  await t.test('a reader with no preferences gets no "match" scores and no sentence about them', async (t) => {
    const reader = await telegramSession(app, 4402)
    const data = (
      await call('POST', '/ai/search', reader.token, { query: 'furnished flat in Toronto', language: 'en' })
    ).json().data
    t.equal(data.listings.length, 3)
    t.same(
      data.fit.map((f: { score: number | null }) => f.score),
      [null, null, null],
      'no score to show',
    )
    t.notMatch(data.search_summary.ai_insights.join(' '), /preferences/)
  })

  await t.test('a reader who set preferences gets their scores', async (t) => {
    const reader = await telegramSession(app, 4403)
    await call('PUT', '/ai/preferences', reader.token, { budget_max: 1700 })
    const data = (
      await call('POST', '/ai/search', reader.token, { query: 'furnished flat in Toronto', language: 'en' })
    ).json().data
    t.ok(
      data.fit.every((f: { score: number | null }) => typeof f.score === 'number'),
      'scored',
    )
  })
})
