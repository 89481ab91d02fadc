import t from 'tap'
import type { Db } from '../../../../server/api/db/client.ts'
import { RATE_LIMIT_POLICIES } from '../../../../server/api/rate-limit/limits.ts'
import { apiCaller, buildTestApi, telegramSession, type ApiMethod } from '../../../helpers/build-api.ts'

const DAY_MS = 86_400_000

const couponRow = async (db: Db, code: string) =>
  (
    await db.query<{ used_count: number; is_active: boolean; amount_off_minor: number | null }>(
      `SELECT used_count, is_active, amount_off_minor FROM coupons WHERE code = $1`,
      [code],
    )
  )[0]
const countOf = async (db: Db, sql: string, params: unknown[] = []) =>
  (await db.query<{ n: number }>(sql, params))[0]!.n

t.test('coupon routes: 401 without a session; admin routes 403 for users; nothing changes', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const user = await telegramSession(app, 9601)
  const grant = { code: 'GIFT10', kind: 'grant', grant: { ai_credits: 10 } }
  const routes: Array<[ApiMethod, string, object?]> = [
    ['POST', '/coupons/validate', { coupon_code: 'GIFT10' }],
    ['POST', '/coupons/redeem', { coupon_code: 'GIFT10' }],
    ['GET', '/coupons/info/GIFT10'],
    ['GET', '/coupons/history'],
  ]
  const adminRoutes: Array<[ApiMethod, string, object?]> = [
    ['POST', '/admin/coupons', grant],
    ['POST', '/admin/coupons', { code: '??' }],
    ['GET', '/admin/coupons'],
    ['PUT', '/admin/coupons/GIFT10', { is_active: false }],
  ]
  for (const [method, url, body] of [...routes, ...adminRoutes]) {
    const anonymous = await call(method, url, null, body)
    t.equal(anonymous.statusCode, 401, `${method} ${url} anonymous`)
    t.equal(anonymous.json().error.code, 'UNAUTHENTICATED')
  }
  for (const [method, url, body] of adminRoutes) {
    const forbidden = await call(method, url, user.token, body)
    t.equal(forbidden.statusCode, 403, `${method} ${url} as a user`)
    t.equal(forbidden.json().error.code, 'FORBIDDEN')
  }
  t.equal(await countOf(db, `SELECT count(*)::int AS n FROM coupons`), 0, 'no coupon was made')
})

t.test('admins create, list and switch off coupons; euros on the wire, cents in the database', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const admin = await telegramSession(app, 777, 'Admin')

  const fixed = await call('POST', '/admin/coupons', admin.token, {
    code: 'spring-5',
    kind: 'fixed',
    amount_off_eur: 4.99,
    plan_keys: ['quarterly', 'yearly'],
    expires_at: '2099-01-01T00:00:00Z',
    max_uses: 50,
  })
  t.equal(fixed.statusCode, 201)
  t.same(fixed.json().data, {
    code: 'SPRING-5',
    kind: 'fixed',
    percent_off: null,
    amount_off_eur: 4.99,
    grant: null,
    plan_keys: ['quarterly', 'yearly'],
    expires_at: '2099-01-01T00:00:00.000Z',
    max_uses: 50,
    used_count: 0,
    is_active: true,
    state: 'active',
    created_at: fixed.json().data.created_at,
  })
  t.equal((await couponRow(db, 'SPRING-5'))?.amount_off_minor, 499, 'stored as 499 cents')

  const percent = await call('POST', '/admin/coupons', admin.token, { code: 'HALF', kind: 'percent', percent_off: 50 })
  t.equal(percent.statusCode, 201)
  t.match(percent.json().data, { kind: 'percent', percent_off: 50, plan_keys: null, expires_at: null, max_uses: null })
  const grant = await call('POST', '/admin/coupons', admin.token, {
    code: 'WELCOME',
    kind: 'grant',
    grant: { ai_credits: 20, premium_days: 7 },
  })
  t.equal(grant.statusCode, 201)
  t.match(grant.json().data, { grant: { ai_credits: 20, premium_days: 7, free_boosts: 0 }, amount_off_eur: null })

  const duplicate = await call('POST', '/admin/coupons', admin.token, {
    code: 'half',
    kind: 'percent',
    percent_off: 10,
  })
  t.equal(duplicate.statusCode, 409, 'a code is taken whatever its case')
  t.match(duplicate.json().error, { code: 'CONFLICT', details: { reason: 'coupon_exists' } })

  for (const [body, path] of [
    [{ code: 'BAD1', kind: 'percent' }, 'percent_off'],
    [{ code: 'BAD2', kind: 'percent', percent_off: 120 }, 'percent_off'],
    [{ code: 'BAD3', kind: 'fixed', amount_off_eur: 1.234 }, 'amount_off_eur'],
    [{ code: 'BAD4', kind: 'fixed', amount_off_eur: 2, percent_off: 5 }, 'percent_off'],
    [{ code: 'BAD5', kind: 'grant', grant: {} }, 'grant'],
    [{ code: 'BAD6', kind: 'percent', percent_off: 5, grant: { ai_credits: 3 } }, 'grant'],
    [{ code: 'no spaces', kind: 'percent', percent_off: 5 }, 'code'],
    [{ code: 'BAD7', kind: 'percent', percent_off: 5, plan_keys: ['weekly'] }, 'plan_keys.0'],
    [{ code: 'BAD8', kind: 'percent', percent_off: 5, expires_at: 'tomorrow' }, 'expires_at'],
  ] as const) {
    const res = await call('POST', '/admin/coupons', admin.token, body)
    t.equal(res.statusCode, 400, `${JSON.stringify(body)} → 400`)
    t.equal(res.json().error.code, 'VALIDATION_ERROR')
    t.ok(
      res.json().error.details.some((d: { path: string }) => d.path === `body.${path}`),
      `a field error on ${path}`,
      { details: res.json().error.details },
    )
  }
  t.equal(await countOf(db, `SELECT count(*)::int AS n FROM coupons`), 3, 'bad input made nothing')

  const list = await call('GET', '/admin/coupons', admin.token)
  t.equal(list.statusCode, 200)
  t.same(
    list.json().data.items.map((c: { code: string }) => c.code),
    ['WELCOME', 'HALF', 'SPRING-5'],
    'newest first',
  )

  const off = await call('PUT', '/admin/coupons/welcome', admin.token, { is_active: false })
  t.equal(off.statusCode, 200)
  t.match(off.json().data, { code: 'WELCOME', is_active: false })
  t.equal((await couponRow(db, 'WELCOME'))?.is_active, false)
  const on = await call('PUT', '/admin/coupons/WELCOME', admin.token, { is_active: true })
  t.match(on.json().data, { is_active: true })
  const unknown = await call('PUT', '/admin/coupons/NOPE', admin.token, { is_active: false })
  t.equal(unknown.statusCode, 404)
  t.equal((await call('PUT', '/admin/coupons/WELCOME', admin.token, { is_active: 'no' })).statusCode, 400)
})

t.test('validate reads only: valid, or why not (not_found, inactive, expired, already_used, used_up)', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const admin = await telegramSession(app, 777, 'Admin')
  const user = await telegramSession(app, 9602)
  const other = await telegramSession(app, 9603)
  const create = (body: object) => call('POST', '/admin/coupons', admin.token, body)
  await create({ code: 'ONCE', kind: 'grant', grant: { free_boosts: 1 }, max_uses: 1 })
  await create({ code: 'OLD', kind: 'percent', percent_off: 10, expires_at: new Date(Date.now() - 1000).toISOString() })
  await create({ code: 'OFF', kind: 'percent', percent_off: 10 })
  await call('PUT', '/admin/coupons/OFF', admin.token, { is_active: false })
  const validate = async (token: string, code: string) =>
    (await call('POST', '/coupons/validate', token, { coupon_code: code })).json().data

  const fresh = await validate(user.token, 'once')
  t.same(fresh, {
    valid: true,
    reason: null,
    coupon: {
      code: 'ONCE',
      kind: 'grant',
      percent_off: null,
      amount_off_eur: null,
      grant: { ai_credits: 0, premium_days: 0, free_boosts: 1 },
      plan_keys: null,
      expires_at: null,
    },
  })
  t.same(await validate(user.token, 'NOSUCH'), { valid: false, reason: 'not_found', coupon: null })
  t.match(await validate(user.token, 'OLD'), { valid: false, reason: 'expired', coupon: { code: 'OLD' } })
  t.match(await validate(user.token, 'OFF'), { valid: false, reason: 'inactive' })
  t.equal((await couponRow(db, 'ONCE'))?.used_count, 0, 'validating used nothing')

  t.equal((await call('POST', '/coupons/redeem', user.token, { coupon_code: 'ONCE' })).statusCode, 200)
  t.match(await validate(user.token, 'ONCE'), { valid: false, reason: 'already_used' })
  t.match(await validate(other.token, 'ONCE'), { valid: false, reason: 'used_up' })

  for (const body of [{}, { coupon_code: 'a b' }, { coupon_code: 'X' }, { coupon_code: 42 }]) {
    const res = await call('POST', '/coupons/validate', user.token, body)
    t.equal(res.statusCode, 400, `${JSON.stringify(body)} → 400`)
    t.equal(res.json().error.details[0].path, 'body.coupon_code')
  }
})

t.test('redeem: a grant coupon gives its credits, boosts and premium days once', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const admin = await telegramSession(app, 777, 'Admin')
  const user = await telegramSession(app, 9604)
  const create = (body: object) => call('POST', '/admin/coupons', admin.token, body)
  await create({ code: 'BIG-GIFT', kind: 'grant', grant: { ai_credits: 25, premium_days: 10, free_boosts: 2 } })
  await create({ code: 'MORE-DAYS', kind: 'grant', grant: { premium_days: 5 } })
  await create({ code: 'TENOFF', kind: 'percent', percent_off: 10 })
  await create({ code: 'EXPIRED', kind: 'grant', grant: { ai_credits: 1 }, expires_at: '2020-01-01T00:00:00Z' })
  await create({ code: 'PAUSED', kind: 'grant', grant: { ai_credits: 1 } })
  await call('PUT', '/admin/coupons/PAUSED', admin.token, { is_active: false })
  const redeem = (code: string) => call('POST', '/coupons/redeem', user.token, { coupon_code: code })

  const first = await redeem('big-gift')
  t.equal(first.statusCode, 200)
  const data = first.json().data
  t.match(data, {
    code: 'BIG-GIFT',
    granted: { ai_credits: 25, premium_days: 10, free_boosts: 2 },
    ai_credits: 28,
    free_boosts: 2,
  })
  const days = (new Date(data.premium_until).getTime() - Date.now()) / DAY_MS
  t.ok(days > 9.99 && days <= 10, `ten premium days (${days.toFixed(3)})`)
  const profile = (await call('GET', '/users/profile', user.token)).json().data
  t.match(profile, { ai_credits: 28, free_boosts: 2, is_premium: true, premium_until: data.premium_until })
  const periods = await db.query<{ plan_key: string; source: string }>(
    `SELECT plan_key, source FROM subscriptions WHERE user_id = $1`,
    [user.user.id],
  )
  t.same(periods, [{ plan_key: 'coupon', source: 'coupon' }], 'the premium period is recorded as a coupon’s')

  const again = await redeem('BIG-GIFT')
  t.equal(again.statusCode, 409, 'the same user twice')
  t.match(again.json().error, { code: 'CONFLICT', details: { reason: 'already_used' } })

  const more = (await redeem('MORE-DAYS')).json().data
  t.match(more, { granted: { ai_credits: 0, premium_days: 5, free_boosts: 0 }, ai_credits: 28, free_boosts: 2 })
  t.equal(
    new Date(more.premium_until).getTime() - new Date(data.premium_until).getTime(),
    5 * DAY_MS,
    'premium days stack after the current period',
  )

  const discount = await redeem('TENOFF')
  t.equal(discount.statusCode, 409)
  t.match(discount.json().error.details, { reason: 'applies_at_purchase' })
  t.match((await redeem('EXPIRED')).json().error, { code: 'CONFLICT', details: { reason: 'expired' } })
  t.match((await redeem('PAUSED')).json().error, { code: 'CONFLICT', details: { reason: 'inactive' } })
  const unknown = await redeem('NO-SUCH')
  t.equal(unknown.statusCode, 404)
  t.match(unknown.json().error, { code: 'NOT_FOUND', details: { reason: 'not_found' } })

  const gone = await telegramSession(app, 9608)
  t.equal((await call('DELETE', '/users/account', gone.token)).statusCode, 200)
  await create({ code: 'LATE-GIFT', kind: 'grant', grant: { ai_credits: 1, premium_days: 1 } })
  t.equal((await call('POST', '/coupons/redeem', gone.token, { coupon_code: 'LATE-GIFT' })).statusCode, 401)
  t.equal((await couponRow(db, 'LATE-GIFT'))?.used_count, 0, 'a deleted account uses nothing')
  t.equal(await countOf(db, `SELECT count(*)::int AS n FROM subscriptions WHERE user_id = $1`, [gone.user.id]), 0)

  t.match((await call('GET', '/users/profile', user.token)).json().data, { ai_credits: 28, free_boosts: 2 })
  for (const code of ['TENOFF', 'EXPIRED', 'PAUSED', 'LATE-GIFT'])
    t.equal((await couponRow(db, code))?.used_count, 0, `${code}: a refused redemption used nothing`)
  t.equal(await countOf(db, `SELECT count(*)::int AS n FROM coupon_redemptions WHERE user_id = $1`, [user.user.id]), 2)
})

t.test('info and history: what a coupon does; my own redemptions, newest first', async (t) => {
  const { app, db } = await buildTestApi(t)
  const call = apiCaller(app)
  const admin = await telegramSession(app, 777, 'Admin')
  const me = await telegramSession(app, 9605)
  const other = await telegramSession(app, 9606)
  await call('POST', '/admin/coupons', admin.token, {
    code: 'YEARLY-20',
    kind: 'percent',
    percent_off: 20,
    plan_keys: ['yearly'],
    expires_at: '2099-06-30T12:00:00+02:00',
  })
  await call('POST', '/admin/coupons', admin.token, { code: 'FIRST', kind: 'grant', grant: { ai_credits: 5 } })
  await call('POST', '/admin/coupons', admin.token, { code: 'SECOND', kind: 'grant', grant: { free_boosts: 1 } })

  const info = await call('GET', '/coupons/info/yearly-20', me.token)
  t.equal(info.statusCode, 200)
  t.same(info.json().data, {
    code: 'YEARLY-20',
    kind: 'percent',
    percent_off: 20,
    amount_off_eur: null,
    grant: null,
    plan_keys: ['yearly'],
    expires_at: '2099-06-30T10:00:00.000Z',
  })
  const unknown = await call('GET', '/coupons/info/NOPE', me.token)
  t.equal(unknown.statusCode, 404)
  t.equal(unknown.json().error.code, 'NOT_FOUND')
  t.equal((await call('GET', '/coupons/info/a%20b', me.token)).statusCode, 400)

  t.same((await call('GET', '/coupons/history', me.token)).json().data, { items: [] })
  await call('POST', '/coupons/redeem', me.token, { coupon_code: 'FIRST' })
  await db.query(`UPDATE coupon_redemptions SET redeemed_at = now() - interval '1 hour' WHERE code = 'FIRST'`)
  await call('POST', '/coupons/redeem', me.token, { coupon_code: 'SECOND' })
  await call('POST', '/coupons/redeem', other.token, { coupon_code: 'FIRST' })
  const history = (await call('GET', '/coupons/history', me.token)).json().data.items
  t.same(
    history.map((h: { code: string; kind: string; payment_id: null }) => [h.code, h.kind, h.payment_id]),
    [
      ['SECOND', 'grant', null],
      ['FIRST', 'grant', null],
    ],
  )
  t.ok(history.every((h: { redeemed_at: string }) => !Number.isNaN(Date.parse(h.redeemed_at))))
  t.equal(
    (await call('GET', '/coupons/history', other.token)).json().data.items.length,
    1,
    'the other user sees theirs',
  )
})

t.test('guessing codes is slowed: each coupon-code route has its per-client limit', async (t) => {
  const { app } = await buildTestApi(t, { rateLimits: { policies: RATE_LIMIT_POLICIES } })
  const call = apiCaller(app)
  const user = await telegramSession(app, 9607)
  const { max } = RATE_LIMIT_POLICIES.couponCode
  const codes = []
  for (let i = 0; i < max; i++) codes.push((await call('GET', `/coupons/info/GUESS${i}`, user.token)).statusCode)
  t.same(new Set(codes), new Set([404]), `${max} guesses are answered`)
  const over = await call('GET', '/coupons/info/GUESS-MORE', user.token)
  t.equal(over.statusCode, 429)
  t.equal(over.json().error.code, 'RATE_LIMITED')
  t.equal((await call('GET', '/coupons/history', user.token)).statusCode, 200, 'the history is not limited')
})
