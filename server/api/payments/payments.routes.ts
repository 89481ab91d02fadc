import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { STRIPE_WEBHOOK_PATH } from '../../../shared/paths.ts'
import { envelope, IdParams, LanguageQuery } from '../../../shared/schemas/common.ts'
import {
  CheckoutSchema,
  IDEMPOTENCY_HEADER,
  IdempotencyHeaders,
  PaymentParams,
  PaymentSchema,
  WebhookReceiptSchema,
} from '../../../shared/schemas/payment.ts'
import { okEnvelope } from '../../lib/errors.ts'
import { viewerOf } from '../policy.ts'
import type { PaymentsService } from './payments.service.ts'

/** The payer's payments, the sandbox's Pay and Cancel, and the one-off checkouts of a listing. */
export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
  app.addHook('preValidation', app.requireUser)

  app.get(
    '/payments/:id',
    { schema: { params: PaymentParams, response: { 200: envelope(PaymentSchema) } } },
    async (request) => okEnvelope(await payments.get(viewerOf(request), request.params.id)),
  )

  app.post(
    '/payments/sandbox/:id/confirm',
    { schema: { params: PaymentParams, response: { 200: envelope(PaymentSchema) } } },
    async (request) => okEnvelope(await payments.confirmSandbox(viewerOf(request), request.params.id)),
  )

  app.post(
    '/payments/sandbox/:id/cancel',
    { schema: { params: PaymentParams, response: { 200: envelope(PaymentSchema) } } },
    async (request) => okEnvelope(await payments.cancelSandbox(viewerOf(request), request.params.id)),
  )

  const checkoutSchema = {
    params: IdParams,
    querystring: LanguageQuery,
    headers: IdempotencyHeaders,
    response: { 200: envelope(CheckoutSchema) },
  }

  app.post(
    '/payments/listings/:id/contact',
    { schema: checkoutSchema, config: { rateLimitPolicy: 'checkout' } },
    async (request) =>
      okEnvelope(
        await payments.buyContact(
          viewerOf(request),
          request.params.id,
          request.headers[IDEMPOTENCY_HEADER],
          request.query.language,
        ),
      ),
  )

  app.post(
    '/payments/listings/:id/boost',
    { schema: checkoutSchema, config: { rateLimitPolicy: 'checkout' } },
    async (request) =>
      okEnvelope(
        await payments.buyBoost(
          viewerOf(request),
          request.params.id,
          request.headers[IDEMPOTENCY_HEADER],
          request.query.language,
        ),
      ),
  )
}

/**
 * Stripe's webhook: no user, the raw body kept byte for byte (the signature is over it), verified
 * before anything is read (docs/decisions/019-payments-ledger.md).
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

  app.post(
    STRIPE_WEBHOOK_PATH,
    {
      schema: {
        headers: z.object({ 'stripe-signature': z.string().optional() }),
        response: { 200: envelope(WebhookReceiptSchema) },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      return okEnvelope(await payments.webhook(raw, request.headers['stripe-signature']))
    },
  )
}
