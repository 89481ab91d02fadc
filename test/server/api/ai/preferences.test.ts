import t from 'tap'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'

// GET/PUT /ai/preferences: always the signed-in user's own (there is no id to guess), validated, replaced whole.

const EMPTY = {
  budget_min: null,
  budget_max: null,
  cities: [],
  type: null,
  term: null,
  gender: null,
  move_in: null,
  must_haves: [],
}

t.test('each user reads and writes only their own preferences', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const a = await telegramSession(app, 4401)
  const b = await telegramSession(app, 4402)
  t.same((await call('GET', '/ai/preferences', a.token)).json().data, EMPTY, 'nothing saved yet')

  const prefs = {
    budget_min: 300,
    budget_max: 700,
    cities: ['berlin', 'vienna', 'berlin'],
    type: 'private_room',
    term: 'long',
    gender: 'female',
    move_in: '2027-03-01',
    must_haves: ['furnished', 'contract'],
  }
  const saved = await call('PUT', '/ai/preferences', a.token, prefs)
  t.equal(saved.statusCode, 200)
  t.same(saved.json().data, { ...prefs, cities: ['berlin', 'vienna'] }, 'duplicates dropped')
  t.same((await call('GET', '/ai/preferences', a.token)).json().data, saved.json().data)
  t.same((await call('GET', '/ai/preferences', b.token)).json().data, EMPTY, "b does not see a's")

  // a user_id in the body is not a field: refused, and nothing of a's changes
  const sneaky = await call('PUT', '/ai/preferences', b.token, { ...prefs, user_id: a.user.id, budget_max: 1 })
  t.equal(sneaky.statusCode, 400)
  await call('PUT', '/ai/preferences', b.token, { budget_max: 1000 })
  t.same((await call('GET', '/ai/preferences', a.token)).json().data, saved.json().data, "a's are unchanged")
  const rows = await db.query<{ user_id: number }>(`SELECT user_id FROM ai_preferences ORDER BY user_id`)
  t.same(
    rows.map((r) => r.user_id),
    [a.user.id, b.user.id].sort((x, y) => x - y),
  )

  // PUT replaces the whole set
  t.same((await call('PUT', '/ai/preferences', a.token, { term: 'short' })).json().data, { ...EMPTY, term: 'short' })
})

t.test('bad preferences: 400 with field errors, nothing saved; signed out: 401', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const a = await telegramSession(app, 4403)
  t.equal((await call('GET', '/ai/preferences', null)).statusCode, 401)
  t.equal((await call('PUT', '/ai/preferences', null, { budget_max: 5 })).statusCode, 401)
  for (const bad of [
    { budget_min: 900, budget_max: 100 },
    { budget_max: -1 },
    { type: 'castle' },
    { gender: 'robot' },
    { move_in: 'next spring' },
    { must_haves: ['pool'] },
    { cities: Array.from({ length: 11 }, (_, i) => `c${i}`) },
  ]) {
    const res = await call('PUT', '/ai/preferences', a.token, bad)
    t.equal(res.statusCode, 400, JSON.stringify(bad))
    t.ok(res.json().error.details.length > 0)
  }
  t.same(await db.query(`SELECT * FROM ai_preferences`), [], 'nothing saved')
})

t.test('deleting the account erases its AI preferences', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const a = await telegramSession(app, 4404)
  const b = await telegramSession(app, 4405)
  await call('PUT', '/ai/preferences', a.token, { budget_max: 700, gender: 'female' })
  await call('PUT', '/ai/preferences', b.token, { budget_max: 800 })
  t.equal((await call('DELETE', '/users/account', a.token)).statusCode, 200)
  const rows = await db.query<{ user_id: number }>(`SELECT user_id FROM ai_preferences`)
  t.same(
    rows.map((r) => r.user_id),
    [b.user.id],
    "only a's are gone",
  )
})
