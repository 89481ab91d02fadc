import fp from 'fastify-plugin'
import { API_PREFIX } from '../../../shared/paths.ts'
import type { PaymentProvider } from '../../integrations/payments/payment-provider.ts'
import { jobRunner } from '../../lib/job-runner.ts'
import { paymentsRoutes, paymentWebhookRoutes } from './payments.routes.ts'
import { paymentsService, type PaymentsService } from './payments.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The payments ledger, for the resources that sell something (subscriptions). */
    payments: PaymentsService
  }
}

export interface PaymentsOptions {
  /** The sandbox or Stripe (PAYMENTS_PROVIDER, chosen in server/main.ts). */
  provider: PaymentProvider
  /** Absolute base of the checkout's return addresses (PUBLIC_BASE_URL). */
  publicBaseUrl: string
}

/** How often abandoned checkouts are looked for. */
export const PAYMENT_SWEEP_INTERVAL_MS = 15 * 60_000

/** /payments (docs/decisions/019-payments-ledger.md): the ledger, the sandbox's routes, Stripe's webhook and the sweep of abandoned checkouts. */
export default fp<PaymentsOptions>(
  async (app, options) => {
    const listings = app.publicListings
    const payments = paymentsService(app.db, {
      provider: options.provider,
      publicBaseUrl: options.publicBaseUrl,
      onListingChanged: (listing) => listings.invalidate(listing),
      log: app.log,
    })
    app.decorate('payments', payments)

    const jobs = jobRunner('payments', app.log)
    app.addHook('onReady', async () => jobs.every('sweep', PAYMENT_SWEEP_INTERVAL_MS, payments.sweep, { now: true }))
    app.addHook('onClose', async () => jobs.stop())

    await app.register(paymentsRoutes, { prefix: API_PREFIX, payments })
    await app.register(paymentWebhookRoutes, { prefix: API_PREFIX, payments })
  },
  { name: 'payments', fastify: '5.x', dependencies: ['db', 'authentication', 'listings'] },
)
