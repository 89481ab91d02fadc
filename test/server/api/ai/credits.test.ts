import t from 'tap'
import type { AiProvider } from '../../../../server/integrations/ai/ai-provider.ts'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { makeCity, makeCountry, makeListing, makeUser } from '../../../helpers/factories.ts'

// One credit per AI call, taken in one conditional UPDATE with its ledger row; none left is 402
// and nothing else; a failed call gives its credit back. On PGlite the transactions take turns; on
// PostgreSQL (KHANEH_TEST_DB=postgres) they really run at once.

const ledger = (db: { query: <T>(sql: string, params?: unknown[]) => Promise<T[]> }, userId: number) =>
  db.query<{ delta: number; reason: string; refund_of: string | null }>(
    `SELECT delta, reason, refund_of::text AS refund_of FROM ai_credit_ledger WHERE user_id = $1 ORDER BY id`,
    [userId],
  )

t.test('20 searches at once with 2 credits left: exactly 2 answer, 18 get 402, two ledger rows', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const reader = await telegramSession(app, 4201)
  await db.query(`UPDATE users SET ai_credits = 2 WHERE id = $1`, [reader.user.id])

  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      call('POST', '/ai/search', reader.token, { query: `room in Berlin under ${600 + i}`, language: 'en' }),
    ),
  )
  const statuses = answers.map((a) => a.statusCode)
  t.equal(statuses.filter((s) => s === 200).length, 2, 'two searches ran')
  t.equal(statuses.filter((s) => s === 402).length, 18, 'eighteen refused')
  for (const refused of answers.filter((a) => a.statusCode === 402))
    t.equal(refused.json().error.code, 'INSUFFICIENT_CREDITS')
  t.same(
    answers
      .filter((a) => a.statusCode === 200)
      .map((a) => a.json().data.remaining_credits)
      .sort(),
    [0, 1],
    'each answer names the balance after its own credit',
  )
  const [user] = await db.query<{ ai_credits: number }>(`SELECT ai_credits FROM users WHERE id = $1`, [reader.user.id])
  t.equal(user!.ai_credits, 0, 'balance 0')
  t.same(await ledger(db, reader.user.id), [
    { delta: -1, reason: 'search', refund_of: null },
    { delta: -1, reason: 'search', refund_of: null },
  ])
})

t.test('with no credit: 402 INSUFFICIENT_CREDITS, and nothing written', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const reader = await telegramSession(app, 4202)
  await db.query(`UPDATE users SET ai_credits = 0 WHERE id = $1`, [reader.user.id])
  const owner = await makeUser(db)
  const { code } = await makeCountry(db)
  const city = await makeCity(db, code, 'berlin')
  const listing = await makeListing(db, { ownerId: owner.id, cityId: city.id, countryCode: code })

  for (const [url, body] of [
    ['/ai/search', { query: 'room in Berlin' }],
    ['/ai/analyze-listing', { listing_id: listing.id }],
  ] as const) {
    const res = await call('POST', url, reader.token, body)
    t.equal(res.statusCode, 402, url)
    t.equal(res.json().error.code, 'INSUFFICIENT_CREDITS')
  }
  t.same(await ledger(db, reader.user.id), [], 'no ledger row')
  const [user] = await db.query<{ ai_credits: number }>(`SELECT ai_credits FROM users WHERE id = $1`, [reader.user.id])
  t.equal(user!.ai_credits, 0)
})

t.test('sign-up gives 3 credits; each call takes one', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const reader = await telegramSession(app, 4203)
  t.equal(reader.user.ai_credits, 3, 'three at sign-up')
  const first = await call('POST', '/ai/search', reader.token, { query: 'Wohnung in Berlin', language: 'de' })
  t.equal(first.statusCode, 200)
  t.equal(first.json().data.remaining_credits, 2)
  t.equal((await ledger(db, reader.user.id)).length, 1)
})

t.test('a provider failure gives the credit back with a refund row', async (t) => {
  const failing: AiProvider = {
    name: 'local',
    understand: async () => {
      throw new Error('the model is down')
    },
  }
  const { app, db } = await buildTestApi(t, { aiProvider: failing })
  const call = apiCaller(app)
  const reader = await telegramSession(app, 4204)
  const res = await call('POST', '/ai/search', reader.token, { query: 'room in Berlin', language: 'en' })
  t.equal(res.statusCode, 500)
  t.equal(res.json().error.code, 'INTERNAL')
  const [user] = await db.query<{ ai_credits: number }>(`SELECT ai_credits FROM users WHERE id = $1`, [reader.user.id])
  t.equal(user!.ai_credits, 3, 'the credit is back')
  const rows = await ledger(db, reader.user.id)
  t.equal(rows.length, 2)
  t.match(rows[0], { delta: -1, reason: 'search', refund_of: null })
  t.match(rows[1], { delta: 1, reason: 'refund' })
  t.ok(rows[1]!.refund_of, 'the refund names the use it gives back')
})

t.test('signed out: 401, and bad bodies: 400 with field errors, no credit taken', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  t.equal((await call('POST', '/ai/search', null, { query: 'x' })).statusCode, 401)
  const reader = await telegramSession(app, 4205)
  const bad = [
    ['/ai/search', {}],
    ['/ai/search', { query: '   ' }],
    ['/ai/search', { query: 'x', filters: { min_price: 900, max_price: 100 } }],
    ['/ai/search', { query: 'x', language: 'xx' }],
    ['/ai/analyze-listing', { listing_id: 'abc' }],
    ['/ai/compare-listings', { listing_1_id: 5, listing_2_id: 5 }],
  ] as const
  for (const [url, body] of bad) {
    const res = await call('POST', url, reader.token, body)
    t.equal(res.statusCode, 400, `${url} ${JSON.stringify(body)}`)
    t.equal(res.json().error.code, 'VALIDATION_ERROR')
    t.ok(Array.isArray(res.json().error.details) && res.json().error.details.length > 0, 'field errors')
  }
  const notFound = await call('POST', '/ai/analyze-listing', reader.token, { listing_id: 999999 })
  t.equal(notFound.statusCode, 404, 'a missing listing is 404, before any credit')
  t.same(await ledger(db, reader.user.id), [])
  const [user] = await db.query<{ ai_credits: number }>(`SELECT ai_credits FROM users WHERE id = $1`, [reader.user.id])
  t.equal(user!.ai_credits, 3)
})

t.test('a limit above 20 is read as 20, the default is 5', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const reader = await telegramSession(app, 4206)
  const owner = await makeUser(db)
  const { code } = await makeCountry(db)
  const city = await makeCity(db, code, 'berlin', { en: 'Berlin' })
  for (let i = 0; i < 25; i++)
    await makeListing(db, { ownerId: owner.id, cityId: city.id, countryCode: code, rent: 500 + i })
  const byDefault = await call('POST', '/ai/search', reader.token, { query: 'Berlin', language: 'en' })
  t.equal(byDefault.json().data.listings.length, 5)
  const many = await call('POST', '/ai/search', reader.token, { query: 'Berlin', language: 'en', limit: 500 })
  t.equal(many.json().data.listings.length, 20)
  t.equal(many.json().data.search_summary.total_results, 25)
})
