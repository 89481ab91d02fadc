import Stripe from 'stripe'
import t from 'tap'
import { stripePaymentProvider } from '../../../../server/integrations/payments/stripe.ts'
import { apiCaller, buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { startFakeStripeApi } from '../../../helpers/fake-stripe-api.ts'

const SECRET = 'whsec_khaneh_test'

t.test('Stripe checkouts and the signed webhook', async (t) => {
  const fake = await startFakeStripeApi()
  t.teardown(() => fake.close())
  const { app, db } = await buildTestApi(t, {
    publicBaseUrl: 'https://khaneh.example',
    paymentProvider: stripePaymentProvider({
      secretKey: 'sk_test_khaneh',
      webhookSecret: SECRET,
      apiBase: fake.url,
      timeoutMs: 300,
    }),
  })
  const call = apiCaller(app)
  const buyer = await telegramSession(app, 6901)
  const purchase = (key: string, body: object = { plan_key: 'monthly' }) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/subscription/purchase?language=de',
      headers: { authorization: `Bearer ${buyer.token}`, 'idempotency-key': key },
      payload: body,
    })
  let events = 0
  const event = (type: string, session: string, fields: object = {}) =>
    JSON.stringify({
      id: `evt_${++events}_${Date.now()}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      // what Stripe sends for a session of ours: a one-off payment of the monthly plan, in EUR
      data: {
        object: {
          id: session,
          object: 'checkout.session',
          mode: 'payment',
          amount_total: 499,
          currency: 'eur',
          ...fields,
        },
      },
    })
  const deliver = (payload: string, signature: string | null = sign(payload)) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', ...(signature !== null && { 'stripe-signature': signature }) },
      payload,
    })
  function sign(payload: string, secret = SECRET, timestamp = Math.floor(Date.now() / 1000)) {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp })
  }
  const allowances = async () =>
    (
      await db.query<{ ai_credits: number; premium_until: Date | null }>(
        `SELECT ai_credits, premium_until FROM users WHERE id = $1`,
        [buyer.user.id],
      )
    )[0]!
  const statusOf = async (id: string) => (await call('GET', `/payments/${id}`, buyer.token)).json().data.status
  const sessionOf = async (id: string) =>
    (await db.query<{ provider_ref: string }>(`SELECT provider_ref FROM payments WHERE id = $1`, [id]))[0]!.provider_ref

  await t.test('a purchase opens a Checkout Session; a retry of the key gets the same one', async (t) => {
    const res = await purchase('stripe-key-001')
    t.equal(res.statusCode, 200)
    const checkout = res.json().data
    t.match(checkout, { checkout_url: /^https:\/\/checkout\.stripe\.test\//, amount_eur: 4.99, status: 'pending' })
    const session = fake.sessions.get(await sessionOf(checkout.payment_id))!
    t.equal(session.fields.client_reference_id, checkout.payment_id)
    t.equal(session.fields.success_url, `https://khaneh.example/de/checkout/result/${checkout.payment_id}`)
    t.same((await purchase('stripe-key-001')).json().data, checkout)
    t.equal(fake.sessions.size, 1)
    t.equal(
      (await call('POST', `/payments/sandbox/${checkout.payment_id}/confirm`, buyer.token)).statusCode,
      404,
      'no sandbox confirm for a Stripe payment',
    )
  })

  await t.test('Stripe down: 503 envelope; the key can be retried once it is back', async (t) => {
    fake.mode = 'down'
    const down = await purchase('stripe-key-002')
    t.equal(down.statusCode, 503)
    t.equal(down.json().error.code, 'SERVICE_UNAVAILABLE')
    fake.mode = 'up'
    const back = await purchase('stripe-key-002')
    t.equal(back.statusCode, 200)
    t.match(back.json().data.checkout_url, /^https:\/\/checkout\.stripe\.test\//)
    t.equal(
      (
        await db.query(`SELECT 1 FROM payments WHERE user_id = $1 AND idempotency_key = 'stripe-key-002'`, [
          buyer.user.id,
        ])
      ).length,
      1,
      'still one payment',
    )
  })

  await t.test('forged, changed, missing or stale signatures: 400 and nothing done', async (t) => {
    const { payment_id } = (await purchase('stripe-key-003')).json().data
    const session = await sessionOf(payment_id)
    const before = await allowances()
    const payload = event('checkout.session.completed', session, {
      payment_status: 'paid',
      client_reference_id: payment_id,
    })
    const cases: Array<[string, string, string | null]> = [
      ['missing', payload, null],
      ['wrong secret', payload, sign(payload, 'whsec_forged')],
      ['one byte changed', payload.replace('"paid"', '"paie"'), sign(payload)],
      ['older than 300 s', payload, sign(payload, SECRET, Math.floor(Date.now() / 1000) - 301)],
    ]
    for (const [name, body, signature] of cases) {
      const res = await deliver(body, signature)
      t.equal(res.statusCode, 400, name)
      t.equal(res.json().error.code, 'VALIDATION_ERROR', name)
    }
    t.equal(await statusOf(payment_id), 'pending')
    t.same(await allowances(), before)
    t.equal((await db.query(`SELECT 1 FROM payment_events`)).length, 0, 'no event recorded')
  })

  await t.test('5 deliveries of one event at once → applied once', async (t) => {
    const { payment_id } = (await purchase('stripe-key-004')).json().data
    const session = await sessionOf(payment_id)
    const before = await allowances()
    const payload = event('checkout.session.completed', session, {
      payment_status: 'paid',
      client_reference_id: payment_id,
    })
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(payload)))
    t.same(
      answers.map((a) => a.statusCode),
      Array(5).fill(200),
    )
    t.equal(answers.filter((a) => a.json().data.duplicate === false).length, 1, 'one applied, four duplicates')
    t.equal(await statusOf(payment_id), 'paid')
    t.equal((await allowances()).ai_credits, before.ai_credits + 50, 'monthly: 50 credits, once')

    // another event for the same, already paid session changes nothing
    const second = event('checkout.session.completed', session, {
      payment_status: 'paid',
      client_reference_id: payment_id,
    })
    t.equal((await deliver(second)).json().data.duplicate, false)
    t.equal((await allowances()).ai_credits, before.ai_credits + 50)
    // out of order: the session's expiry arriving after its completion changes nothing
    t.equal(
      (await deliver(event('checkout.session.expired', session, { client_reference_id: payment_id }))).statusCode,
      200,
    )
    t.equal(await statusOf(payment_id), 'paid')
    t.equal((await db.query(`SELECT 1 FROM subscriptions WHERE payment_id = $1`, [payment_id])).length, 1)
  })

  await t.test('an expired session cancels its pending payment and frees its coupon use', async (t) => {
    await db.query(`INSERT INTO coupons (code, kind, percent_off, max_uses) VALUES ('EXP10', 'percent', 10, 1)`)
    const { payment_id } = (await purchase('stripe-key-005', { plan_key: 'monthly', coupon_code: 'EXP10' })).json().data
    const session = await sessionOf(payment_id)
    t.equal(
      (await deliver(event('checkout.session.expired', session, { client_reference_id: payment_id }))).statusCode,
      200,
    )
    t.equal(await statusOf(payment_id), 'cancelled')
    t.equal((await db.query(`SELECT 1 FROM coupon_redemptions WHERE code = 'EXP10'`)).length, 0)
    // a completion arriving after the expiry (it cannot, at Stripe) grants nothing
    const before = await allowances()
    await deliver(
      event('checkout.session.completed', session, { payment_status: 'paid', client_reference_id: payment_id }),
    )
    t.equal(await statusOf(payment_id), 'cancelled')
    t.same(await allowances(), before)
  })

  await t.test('an unpaid completion and other event types are recorded and ignored', async (t) => {
    const { payment_id } = (await purchase('stripe-key-006')).json().data
    const session = await sessionOf(payment_id)
    const unpaid = await deliver(
      event('checkout.session.completed', session, { payment_status: 'unpaid', client_reference_id: payment_id }),
    )
    t.equal(unpaid.statusCode, 200)
    t.equal(await statusOf(payment_id), 'pending')
    t.equal((await deliver(event('customer.created', 'cus_1'))).statusCode, 200)
  })
})
