import Stripe from 'stripe'
import t from 'tap'
import { stripePaymentProvider } from '../../../server/integrations/payments/stripe.ts'
import { buildTestStack, signInThroughGateway } from '../../helpers/build-gateway.ts'
import { startFakeStripeApi } from '../../helpers/fake-stripe-api.ts'

const SECRET = 'whsec_gateway_test'

t.test('the gateway and payments', async (t) => {
  const fake = await startFakeStripeApi()
  t.teardown(() => fake.close())
  const { gateway, db } = await buildTestStack(
    t,
    {},
    { paymentProvider: stripePaymentProvider({ secretKey: 'sk_test_gw', webhookSecret: SECRET, apiBase: fake.url }) },
  )
  const { cookies, id: userId } = await signInThroughGateway(gateway, 7101, 'Payer')
  const purchase = (key?: string) =>
    gateway.inject({
      method: 'POST',
      url: '/api/v1/subscription/purchase?language=en',
      headers: { origin: 'https://khaneh.example', ...(key && { 'idempotency-key': key }) },
      cookies,
      payload: { plan_key: 'monthly' },
    })

  await t.test('the Idempotency-Key header reaches the API', async (t) => {
    const missing = await purchase()
    t.equal(missing.statusCode, 400, 'without it the API refuses')
    const first = await purchase('gateway-key-0001')
    t.equal(first.statusCode, 200)
    const again = await purchase('gateway-key-0001')
    t.same(again.json().data, first.json().data, 'the same key: the same payment')
    const rows = await db.query(`SELECT 1 FROM payments WHERE user_id = $1`, [userId])
    t.equal(rows.length, 1)
  })

  await t.test('the webhook: raw bytes and signature through, no session, no CSRF rule', async (t) => {
    const [payment] = await db.query<{ id: string; provider_ref: string; amount_minor: number; currency: string }>(
      `SELECT id, provider_ref, amount_minor, currency FROM payments WHERE user_id = $1`,
      [userId],
    )
    // odd spacing and a non-ASCII character: any re-serialization would break the signature
    const payload = `{\n  "id": "evt_gw_1",  "object": "event", "type": "checkout.session.completed",\n  "data": {"object": {"id": "${payment!.provider_ref}", "object": "checkout.session", "mode": "payment", "payment_status": "paid", "amount_total": ${payment!.amount_minor}, "currency": "${payment!.currency.toLowerCase()}", "client_reference_id": "${payment!.id}", "metadata": {"note": "خانه"}}}\n}`
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET })
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signature,
        // what a browser's cross-site write would carry: refused anywhere else, irrelevant here
        origin: 'https://stripe.example',
        'sec-fetch-site': 'cross-site',
      },
      payload,
    })
    t.equal(res.statusCode, 200, res.body)
    t.same(res.json().data, { received: true, duplicate: false })
    t.notOk(res.headers['set-cookie'], 'no session cookies set')
    const [paid] = await db.query<{ status: string }>(`SELECT status FROM payments WHERE id = $1`, [payment!.id])
    t.equal(paid!.status, 'paid')

    const forged = await gateway.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: payload.replace('evt_gw_1', 'evt_gw_2'),
    })
    t.equal(forged.statusCode, 400, 'a changed body fails its signature')

    const crossSite = await gateway.inject({
      method: 'POST',
      url: '/api/v1/subscription/purchase',
      headers: { origin: 'https://evil.example', 'idempotency-key': 'gateway-key-0002' },
      cookies,
      payload: { plan_key: 'monthly' },
    })
    t.equal(crossSite.statusCode, 403, 'every other route keeps the CSRF rule')
  })
})
