import fp from 'fastify-plugin'
import { API_PREFIX } from '../../../shared/paths.ts'
import { subscriptionsRoutes } from './subscriptions.routes.ts'
import { subscriptionsService } from './subscriptions.service.ts'

/** /subscription-plans and /subscription: the plans, the subscriber's status, and buying one through the payments ledger. */
export default fp(
  async (app) => {
    await app.register(subscriptionsRoutes, {
      prefix: API_PREFIX,
      subscriptions: subscriptionsService(app.db),
      payments: app.payments,
    })
  },
  { name: 'subscriptions', fastify: '5.x', dependencies: ['db', 'authentication', 'payments'] },
)
