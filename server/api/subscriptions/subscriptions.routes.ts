import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, LanguageQuery } from '../../../shared/schemas/common.ts'
import { CheckoutSchema, IDEMPOTENCY_HEADER, IdempotencyHeaders } from '../../../shared/schemas/payment.ts'
import {
  PlansQuery,
  PurchaseBody,
  SubscriptionPlansSchema,
  SubscriptionStatusSchema,
} from '../../../shared/schemas/subscription.ts'
import { okEnvelope } from '../../lib/errors.ts'
import type { PaymentsService } from '../payments/payments.service.ts'
import { viewerOf } from '../policy.ts'
import type { SubscriptionsService } from './subscriptions.service.ts'

/** /subscription-plans (public), /subscription/status and /subscription/purchase (the signed-in user's own). */
export const subscriptionsRoutes: FastifyPluginAsyncZod<{
  subscriptions: SubscriptionsService
  payments: PaymentsService
}> = async (app, { subscriptions, payments }) => {
  app.get(
    '/subscription-plans',
    { schema: { querystring: PlansQuery, response: { 200: envelope(SubscriptionPlansSchema) } } },
    async (request) => okEnvelope(subscriptions.plans(request.query.language)),
  )

  app.get(
    '/subscription/status',
    { preValidation: app.requireUser, schema: { response: { 200: envelope(SubscriptionStatusSchema) } } },
    async (request) => okEnvelope(await subscriptions.status(viewerOf(request).userId)),
  )

  app.post(
    '/subscription/purchase',
    {
      preValidation: app.requireUser,
      config: { rateLimitPolicy: 'checkout' },
      schema: {
        querystring: LanguageQuery,
        headers: IdempotencyHeaders,
        body: PurchaseBody,
        response: { 200: envelope(CheckoutSchema) },
      },
    },
    async (request) =>
      okEnvelope(
        await payments.purchase(
          viewerOf(request),
          request.body.plan_key,
          request.body.coupon_code,
          request.headers[IDEMPOTENCY_HEADER],
          request.query.language,
        ),
      ),
  )
}
