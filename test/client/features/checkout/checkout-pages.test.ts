import { paymentsApi } from '../../../../client/lib/api/payments.ts'
import { subscriptionsApi } from '../../../../client/lib/api/subscriptions.ts'
import t from 'tap'
import { loader as resultLoader } from '../../../../client/features/checkout/checkout-result-page.tsx'
import { loader as sandboxLoader } from '../../../../client/features/checkout/sandbox-checkout-page.tsx'
import { checkoutTarget } from '../../../../client/features/checkout/use-checkout.ts'
import { createApi } from '../../../../client/lib/api/index.ts'
import { parseWire } from '../../../../client/lib/api/parse.ts'
import { buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { injectTransport, redirectOf, routeArgs, thrownBy } from '../../../helpers/page-context.ts'

t.test('checkout pages', async (t) => {
  const { app } = await buildTestApi(t)
  const payer = await telegramSession(app, 4700, 'Parisa')
  const stranger = await telegramSession(app, 4701, 'Sara')
  const api = createApi(injectTransport(app, payer.token), { parse: parseWire })
  const key = crypto.randomUUID()
  const checkout = await subscriptionsApi(api).purchase({ plan_key: 'quarterly' }, 'en', key)

  await t.test(
    'the purchase answers the sandbox page in the page language; the same key again is the same payment',
    async (t) => {
      t.match(checkout, { amountEur: 11.99, currency: 'EUR', status: 'pending' })
      t.same(checkoutTarget(checkout.checkoutUrl, 'http://localhost'), {
        path: `/en/checkout/sandbox/${checkout.paymentId}`,
      })
      const again = await subscriptionsApi(api).purchase({ plan_key: 'quarterly' }, 'en', key)
      t.equal(again.paymentId, checkout.paymentId)
      t.same(checkoutTarget('https://checkout.stripe.com/c/pay/cs_test_1', 'http://localhost'), {
        href: 'https://checkout.stripe.com/c/pay/cs_test_1',
      })
    },
  )

  const path = `/en/checkout/sandbox/${checkout.paymentId}`
  const params = { id: checkout.paymentId }

  await t.test('the payer → the pending payment, for the plan, with its amount', async (t) => {
    const { payment } = await sandboxLoader(routeArgs(path, { app, token: payer.token, params }))
    t.match(payment, { id: checkout.paymentId, kind: 'subscription', planKey: 'quarterly', status: 'pending' })
  })

  await t.test('someone else, or an id that is no payment → 404; anonymous → sign-in and back', async (t) => {
    for (const call of [
      { token: stranger.token, params },
      { token: payer.token, params: { id: crypto.randomUUID() } },
      { token: payer.token, params: { id: 'not-a-uuid' } },
    ]) {
      const thrown = await thrownBy(() => sandboxLoader(routeArgs(path, { app, ...call })))
      t.match(thrown, { data: { message: 'Payment not found' }, init: { status: 404 } })
    }
    t.same(redirectOf(await thrownBy(() => sandboxLoader(routeArgs(path, { app, params })))), {
      status: 302,
      location: `/en/auth?next=${encodeURIComponent(path)}`,
    })
  })

  await t.test('after Pay → the result page reads it paid, once', async (t) => {
    const paid = await paymentsApi(api).confirmSandbox(checkout.paymentId)
    t.equal(paid.status, 'paid')
    const { payment } = await resultLoader(
      routeArgs(`/en/checkout/result/${checkout.paymentId}`, { app, token: payer.token, params }),
    )
    t.match(payment, { status: 'paid', paidAt: String })
    const status = await subscriptionsApi(api).status()
    t.equal(status.isPremium, true)
    t.equal(status.subscriptionHistory.length, 1)
  })
})
