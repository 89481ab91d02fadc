import { createServer } from 'node:net'
import t from 'tap'
import { stripePaymentProvider } from '../../../../server/integrations/payments/stripe.ts'
import {
  sandboxPaymentProvider,
  WebhookSignatureError,
} from '../../../../server/integrations/payments/payment-provider.ts'
import { startFakeStripeApi } from '../../../helpers/fake-stripe-api.ts'
import { loadConfig } from '../../../../server/config.ts'
import { paymentProviderFor } from '../../../../server/main.ts'
import Stripe from 'stripe'

const request = (paymentId: string, key = `khaneh-checkout-${paymentId}`) => ({
  paymentId,
  amountMinor: 1199,
  currency: 'EUR' as const,
  description: 'Khaneh Premium (quarterly)',
  successUrl: `https://khaneh.example/en/checkout/result/${paymentId}`,
  cancelUrl: `https://khaneh.example/en/checkout/result/${paymentId}`,
  idempotencyKey: key,
  locale: 'en' as const,
})

t.test('the sandbox checkout is the in-app page, prefixed for non-fa readers', async (t) => {
  const sandbox = sandboxPaymentProvider()
  t.same(await sandbox.createCheckout({ ...request('p-1'), locale: 'fa' }), {
    checkoutUrl: '/checkout/sandbox/p-1',
    providerRef: null,
  })
  t.equal((await sandbox.createCheckout({ ...request('p-1'), locale: 'de' })).checkoutUrl, '/de/checkout/sandbox/p-1')
})

t.test('main.ts picks the adapter from PAYMENTS_PROVIDER', async (t) => {
  const base = { DATA_DIR: t.testdir(), SESSION_SECRET: 'x'.repeat(40) }
  t.equal((await paymentProviderFor(loadConfig(base))).kind, 'sandbox')
  const stripe = await paymentProviderFor(
    loadConfig({
      ...base,
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    }),
  )
  t.equal(stripe.kind, 'stripe')
  t.type(stripe.verifyWebhook, 'function')
})

t.test('the Stripe adapter against a fake Stripe API on loopback', async (t) => {
  const fake = await startFakeStripeApi()
  t.teardown(() => fake.close())
  const stripe = stripePaymentProvider({
    secretKey: 'sk_test_khaneh',
    webhookSecret: 'whsec_test',
    apiBase: fake.url,
    timeoutMs: 300,
  })

  await t.test('a Checkout Session with the amount, the return pages and the idempotency key', async (t) => {
    const made = await stripe.createCheckout(request('pay-1'))
    t.match(made, { providerRef: /^cs_test_/, checkoutUrl: /^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/ })
    const session = fake.sessions.get(made.providerRef!)!
    t.match(session.fields, {
      mode: 'payment',
      client_reference_id: 'pay-1',
      'metadata[payment_id]': 'pay-1',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '1199',
      'line_items[0][price_data][product_data][name]': 'Khaneh Premium (quarterly)',
      success_url: 'https://khaneh.example/en/checkout/result/pay-1',
    })
    t.equal(session.idempotencyKey, 'khaneh-checkout-pay-1')
    t.equal(fake.lastAuthorization, 'Bearer sk_test_khaneh')
    t.same(await stripe.createCheckout(request('pay-1')), made, 'the same key: the same session')
    t.equal(fake.sessions.size, 1)
  })

  await t.test('a refund of the PaymentIntent, under its idempotency key', async (t) => {
    const refund = { chargeRef: 'pi_adapter_1', amountMinor: 299, idempotencyKey: 'khaneh-refund-pay-1' }
    const made = await stripe.refund!(refund)
    t.match(made, { refundRef: /^re_test_/ })
    t.same(fake.refunds.get(made.refundRef), {
      id: made.refundRef,
      paymentIntent: 'pi_adapter_1',
      amount: 299,
      idempotencyKey: 'khaneh-refund-pay-1',
    })
    t.same(await stripe.refund!(refund), made, 'the same key: the same refund')
    t.equal(fake.refunds.size, 1)
  })

  await t.test('Stripe failing, hanging or unreachable: 503 SERVICE_UNAVAILABLE, soon', async (t) => {
    for (const mode of ['down', 'hang'] as const) {
      fake.mode = mode
      const started = Date.now()
      const err = await stripe.createCheckout(request(`pay-${mode}`)).catch((e: unknown) => e)
      t.match(err, { code: 'SERVICE_UNAVAILABLE', status: 503 }, mode)
      t.ok(Date.now() - started < 5_000, `${mode}: no hang`)
      t.notMatch(String((err as Error).cause), /sk_test/, 'the key is not in the error')
    }
    fake.mode = 'up'
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as { port: number }).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const nowhere = stripePaymentProvider({
      secretKey: 'sk_test_khaneh',
      webhookSecret: 'whsec_test',
      apiBase: `http://127.0.0.1:${port}`,
      timeoutMs: 300,
    })
    t.match(await nowhere.createCheckout(request('pay-refused')).catch((e: unknown) => e), {
      code: 'SERVICE_UNAVAILABLE',
    })
  })

  await t.test('webhook signatures: the raw bytes, the secret and a 300 s tolerance both ways', async (t) => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_1',
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'paid',
          amount_total: 1199,
          currency: 'eur',
          payment_intent: 'pi_1',
          client_reference_id: 'p1',
        },
      },
    })
    const sign = (body: string, secret = 'whsec_test', timestamp = Math.floor(Date.now() / 1000)) =>
      Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp })
    const refused = (body: string, signature: string | undefined) => {
      try {
        stripe.verifyWebhook!(Buffer.from(body), signature)
        return false
      } catch (err) {
        return err instanceof WebhookSignatureError
      }
    }
    t.same(stripe.verifyWebhook!(Buffer.from(payload), sign(payload)), {
      id: 'evt_1',
      type: 'checkout.session.completed',
      action: 'paid',
      ignored: null,
      providerRef: 'cs_test_1',
      amountMinor: 1199,
      currency: 'EUR',
      chargeRef: 'pi_1',
    })
    t.ok(refused(payload, undefined), 'missing')
    t.ok(refused(payload, sign(payload, 'whsec_other')), 'wrong secret')
    const changed = payload.replace('"paid"', '"pai_"')
    t.ok(refused(changed, sign(payload)), 'a byte changed')
    const old = Math.floor(Date.now() / 1000) - 301
    t.ok(refused(payload, sign(payload, 'whsec_test', old)), 'stale')
    t.ok(refused(payload, sign(payload, 'whsec_test', Math.floor(Date.now() / 1000) + 301)), 'from the future')
    t.ok(refused(payload, 'garbage'), 'garbage')
  })
})
