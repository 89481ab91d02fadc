import t from 'tap'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'

const DAY_MS = 86_400_000

t.test('buying a plan through the sandbox', async (t) => {
  const { app, db } = await buildTestApi(t, { publicBaseUrl: 'https://khaneh.example' })
  const call = apiCaller(app)
  const me = await telegramSession(app, 6201)
  const other = await telegramSession(app, 6202)
  const purchase = (token: string, body: object, key?: string, query = '') =>
    app.inject({
      method: 'POST',
      url: `/api/v1/subscription/purchase${query}`,
      headers: { authorization: `Bearer ${token}`, ...(key !== undefined && { 'idempotency-key': key }) },
      payload: body,
    })
  const paymentsOf = async (userId: number) =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payments WHERE user_id = $1`, [userId]))[0]!.n
  const userRow = async (id: number) =>
    (
      await db.query<{ ai_credits: number; free_boosts: number; premium_until: Date | null }>(
        `SELECT ai_credits, free_boosts, premium_until FROM users WHERE id = $1`,
        [id],
      )
    )[0]!

  await t.test('the Idempotency-Key header is required and checked: 400 and nothing made', async (t) => {
    const missing = await purchase(me.token, { plan_key: 'monthly' })
    t.equal(missing.statusCode, 400)
    t.equal(missing.json().error.code, 'VALIDATION_ERROR')
    t.match(missing.json().error.details, [{ path: /idempotency-key/ }])
    t.equal((await purchase(me.token, { plan_key: 'monthly' }, 'short')).statusCode, 400, 'under 8 characters')
    t.equal((await purchase(me.token, { plan_key: 'monthly' }, 'has a space in it')).statusCode, 400)
    t.equal((await purchase(me.token, { plan_key: 'weekly' }, 'key-bad-plan-1')).statusCode, 400, 'an unknown plan')
    t.equal((await call('POST', '/subscription/purchase', null, { plan_key: 'monthly' })).statusCode, 401)
    t.equal(await paymentsOf(me.user.id), 0)
  })

  await t.test('same key and body: the same answer and one payment; same key, other body: 409', async (t) => {
    const first = await purchase(me.token, { plan_key: 'quarterly' }, 'key-same-0001', '?language=en')
    t.equal(first.statusCode, 200)
    const checkout = first.json().data
    t.match(checkout, { amount_eur: 11.99, currency: 'EUR', status: 'pending' })
    t.equal(checkout.checkout_url, `/en/checkout/sandbox/${checkout.payment_id}`, 'the in-app sandbox page, in English')
    const again = await purchase(me.token, { plan_key: 'quarterly' }, 'key-same-0001', '?language=en')
    t.same(again.json().data, checkout)
    const otherBody = await purchase(me.token, { plan_key: 'yearly' }, 'key-same-0001')
    t.equal(otherBody.statusCode, 409)
    t.equal(otherBody.json().error.details.reason, 'idempotency_key_reused')
    t.equal(await paymentsOf(me.user.id), 1)
    const fa = (await purchase(me.token, { plan_key: 'quarterly' }, 'key-fa-00001')).json().data
    t.equal(fa.checkout_url, `/checkout/sandbox/${fa.payment_id}`, 'fa pages have no prefix')
    t.equal(await paymentsOf(me.user.id), 2, 'another key is another payment')
    const theirs = await purchase(other.token, { plan_key: 'quarterly' }, 'key-same-0001')
    t.equal(theirs.statusCode, 200, 'keys are per payer')
    t.not(theirs.json().data.payment_id, checkout.payment_id)
  })

  await t.test('10 purchases at once under one key → one payment, ten identical answers', async (t) => {
    const before = await paymentsOf(other.user.id)
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => purchase(other.token, { plan_key: 'monthly' }, 'key-burst-0001')),
    )
    t.same(
      answers.map((a) => a.statusCode),
      Array(10).fill(200),
    )
    t.equal(new Set(answers.map((a) => a.json().data.payment_id)).size, 1)
    t.equal(await paymentsOf(other.user.id), before + 1)
  })

  await t.test('GET /payments/{id}: the payer only, 404 for anyone else', async (t) => {
    const { payment_id } = (await purchase(me.token, { plan_key: 'monthly' }, 'key-read-0001')).json().data
    const mine = await call('GET', `/payments/${payment_id}`, me.token)
    t.equal(mine.statusCode, 200)
    t.match(mine.json().data, {
      id: payment_id,
      kind: 'subscription',
      plan_key: 'monthly',
      amount_eur: 4.99,
      discount_eur: 0,
      status: 'pending',
      provider: 'sandbox',
      paid_at: null,
    })
    t.equal((await call('GET', `/payments/${payment_id}`, other.token)).statusCode, 404)
    t.equal((await call('POST', `/payments/sandbox/${payment_id}/confirm`, other.token)).statusCode, 404)
    t.equal((await call('POST', `/payments/sandbox/${payment_id}/cancel`, other.token)).statusCode, 404)
    t.equal((await call('GET', `/payments/${payment_id}`)).statusCode, 401)
    t.equal((await call('GET', '/payments/not-a-uuid', me.token)).statusCode, 400)
    t.equal((await call('GET', `/payments/${payment_id}`, me.token)).json().data.status, 'pending', 'still pending')
  })

  await t.test('5 confirms at once → one grant: exact premium time, credits and boosts', async (t) => {
    const buyer = await telegramSession(app, 6203)
    const before = await userRow(buyer.user.id)
    const { payment_id } = (await purchase(buyer.token, { plan_key: 'quarterly' }, 'key-confirm-01')).json().data
    const started = Date.now()
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', `/payments/sandbox/${payment_id}/confirm`, buyer.token)),
    )
    t.same(
      answers.map((a) => a.statusCode),
      Array(5).fill(200),
      'each confirm answers the paid payment',
    )
    t.ok(answers.every((a) => a.json().data.status === 'paid'))
    const after = await userRow(buyer.user.id)
    t.equal(after.ai_credits, before.ai_credits + 200, 'quarterly: 200 AI credits, once')
    t.equal(after.free_boosts, before.free_boosts + 3, 'quarterly: 3 free boosts, once')
    const until = new Date(after.premium_until!).getTime()
    t.ok(until >= started + 90 * DAY_MS - 5_000 && until <= Date.now() + 90 * DAY_MS, '90 days of premium, once')
    const periods = await db.query<{ starts_at: Date; ends_at: Date }>(
      `SELECT starts_at, ends_at FROM subscriptions WHERE payment_id = $1`,
      [payment_id],
    )
    t.equal(periods.length, 1, 'one premium period')
    const [period] = periods
    t.equal(
      new Date(period!.ends_at).getTime() - new Date(period!.starts_at).getTime(),
      90 * DAY_MS,
      'of exactly 90 days',
    )
    t.equal(until, new Date(period!.ends_at).getTime(), 'premium_until is its end')
    const again = await call('POST', `/payments/sandbox/${payment_id}/confirm`, buyer.token)
    t.equal(again.statusCode, 200, 'confirming again answers the paid payment')
    t.equal((await userRow(buyer.user.id)).ai_credits, after.ai_credits, 'and grants nothing more')
    t.equal(
      (await call('POST', `/payments/sandbox/${payment_id}/cancel`, buyer.token)).statusCode,
      409,
      'paid stays paid',
    )
    const status = (await call('GET', '/subscription/status', buyer.token)).json().data
    t.match(status, { is_premium: true, current_plan: 'quarterly', ai_credits: after.ai_credits, free_boosts: 3 })
    t.equal(status.subscription_history.length, 1)
    // a second plan stacks after the first
    const second = (await purchase(buyer.token, { plan_key: 'monthly' }, 'key-confirm-02')).json().data
    await call('POST', `/payments/sandbox/${second.payment_id}/confirm`, buyer.token)
    t.equal(new Date((await userRow(buyer.user.id)).premium_until!).getTime(), until + 30 * DAY_MS, 'stacked')
  })

  await t.test('cancel: pending → cancelled, once; a cancelled payment cannot be confirmed', async (t) => {
    const { payment_id } = (await purchase(me.token, { plan_key: 'yearly' }, 'key-cancel-001')).json().data
    const before = await userRow(me.user.id)
    const cancelled = await call('POST', `/payments/sandbox/${payment_id}/cancel`, me.token)
    t.equal(cancelled.statusCode, 200)
    t.equal(cancelled.json().data.status, 'cancelled')
    t.equal((await call('POST', `/payments/sandbox/${payment_id}/cancel`, me.token)).statusCode, 200, 'twice is fine')
    t.equal((await call('POST', `/payments/sandbox/${payment_id}/confirm`, me.token)).statusCode, 409)
    t.same(await userRow(me.user.id), before, 'nothing granted')
    const replay = (await purchase(me.token, { plan_key: 'yearly' }, 'key-cancel-001')).json().data
    t.equal(replay.status, 'cancelled', 'a retry of the key tells what became of it')
  })
})
