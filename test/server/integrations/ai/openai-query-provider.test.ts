import t from 'tap'
import { openAiQueryProvider } from '../../../../server/integrations/ai/openai-query-provider.ts'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { startFakeOpenAi } from '../../../helpers/fake-openai.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../../helpers/factories.ts'
import { SEED_GAZETTEER } from './seed-gazetteer.ts'

// AI_PROVIDER=openai against an OpenAI-compatible server on loopback: a valid JSON-schema answer is
// used; an invalid one, an error or a slow one falls back to the local parser — never an error.

const KEY = 'sk-test-ai-0123456789'
const context = { language: 'en' as const, places: SEED_GAZETTEER, today: new Date('2026-11-24T10:00:00Z') }
const answer = {
  country: 'AT',
  city: 'vienna',
  type: 'private_room',
  term: null,
  min_price: null,
  max_price: 650,
  gender_pref: 'female',
  has_contract: null,
  start_date: null,
  must_haves: ['furnished'],
}

t.test('a valid answer is used; the request carries the key, the model and a strict JSON schema', async (t) => {
  const fake = await startFakeOpenAi(KEY)
  t.teardown(() => fake.close())
  fake.answer = () => JSON.stringify(answer)
  const provider = openAiQueryProvider({ baseUrl: fake.url, apiKey: KEY, model: 'test-model' })
  const got = await provider.understand('a cosy room for a woman in the Austrian capital, max 650', context)
  t.same(got, {
    filters: { country: 'AT', city: 'vienna', type: 'private_room', max_price: 650, gender_pref: 'female' },
    must_haves: ['furnished'],
    provider: 'openai',
  })
  const [request] = fake.requests
  t.equal(request!.authorization, `Bearer ${KEY}`)
  t.equal(request!.model, 'test-model')
  t.match(request!.response_format, { type: 'json_schema', json_schema: { strict: true } })
  t.match(request!.messages[0]!.content, /AT \(EUR\): vienna/, 'the places we have are named')
})

t.test('not JSON, outside the schema, an unknown place, an error status: the local parser answers', async (t) => {
  const fake = await startFakeOpenAi(KEY)
  t.teardown(() => fake.close())
  const reasons: string[] = []
  const provider = openAiQueryProvider({
    baseUrl: fake.url,
    apiKey: KEY,
    model: 'm',
    onFallback: (reason) => reasons.push(reason),
  })
  const local = { filters: { country: 'DE', city: 'berlin', type: 'private_room', max_price: 600 }, must_haves: [] }
  const query = 'room in Berlin under 600'
  for (const content of [
    'Sure! Here are your filters: berlin',
    JSON.stringify({ ...answer, type: 'castle' }),
    JSON.stringify({ ...answer, city: 'atlantis' }),
  ]) {
    fake.answer = () => content
    t.same(await provider.understand(query, context), { ...local, provider: 'local' }, content)
  }
  fake.mode = 'error'
  t.same(await provider.understand(query, context), { ...local, provider: 'local' }, '500')
  t.same(reasons, ['ai.not_json', 'ai.bad_schema', 'ai.unknown_place', 'ai.failed.500'])
  const wrongKey = openAiQueryProvider({ baseUrl: fake.url, apiKey: 'sk-wrong', model: 'm' })
  t.equal((await wrongKey.understand(query, context)).provider, 'local', '401')
})

t.test('a slow model: the search answers from the local parser in time, and the credit buys a result', async (t) => {
  const fake = await startFakeOpenAi(KEY)
  t.teardown(() => fake.close())
  fake.mode = 'hang'
  const reasons: string[] = []
  const provider = openAiQueryProvider({
    baseUrl: fake.url,
    apiKey: KEY,
    model: 'm',
    timeoutMs: 300,
    onFallback: (r) => reasons.push(r),
  })
  const { app, db } = await buildTestApi(t, { aiProvider: provider })
  const owner = await makeUser(db)
  await makeCountry(db, 'DE')
  const berlin = await makeCity(db, 'DE', 'berlin', { en: 'Berlin' })
  const room = await makeListing(db, {
    ownerId: owner.id,
    cityId: berlin.id,
    countryCode: 'DE',
    type: 'private_room',
    rent: 500,
  })
  const reader = await telegramSession(app, 4601)
  const started = Date.now()
  const res = await apiCaller(app)('POST', '/ai/search', reader.token, {
    query: 'room in Berlin under 600',
    language: 'en',
  })
  t.ok(Date.now() - started < 5_000, 'not held by the model')
  t.equal(res.statusCode, 200)
  const data = res.json().data
  t.equal(data.provider, 'local')
  t.same(
    data.listings.map((l: { id: number }) => l.id),
    [room.id],
  )
  t.equal(data.remaining_credits, 2, 'one credit, for a real answer')
  t.same(reasons, ['ai.timeout'])
  const rows = await db.query(`SELECT reason FROM ai_credit_ledger WHERE user_id = $1`, [reader.user.id])
  t.same(rows, [{ reason: 'search' }], 'no refund needed: the call did not fail')
})
