import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope } from '../../../shared/schemas/common.ts'
import {
  AdminCouponSchema,
  AdminCouponsQuery,
  AdminCouponsSchema,
  CouponBody,
  CouponHistorySchema,
  CouponInfoSchema,
  CouponParams,
  CouponRedemptionSchema,
  CouponValidationSchema,
  CreateCouponBody,
  UpdateCouponBody,
} from '../../../shared/schemas/coupon.ts'
import { okEnvelope } from '../../lib/errors.ts'
import { viewerOf } from '../policy.ts'
import type { CouponsService } from './coupons.service.ts'

/** /coupons for signed-in users and /admin/coupons for admins (docs/decisions/019-payments-ledger.md). */
export const couponsRoutes: FastifyPluginAsyncZod<{ coupons: CouponsService }> = async (app, { coupons }) => {
  // before validation, so an anonymous caller gets 401 whatever the body
  app.addHook('preValidation', app.requireUser)
  const guarded = { rateLimitPolicy: 'couponCode' as const }

  app.post(
    '/coupons/validate',
    { config: guarded, schema: { body: CouponBody, response: { 200: envelope(CouponValidationSchema) } } },
    async (request) => okEnvelope(await coupons.validate(viewerOf(request).userId, request.body.coupon_code)),
  )

  app.post(
    '/coupons/redeem',
    { config: guarded, schema: { body: CouponBody, response: { 200: envelope(CouponRedemptionSchema) } } },
    async (request) => okEnvelope(await coupons.redeem(viewerOf(request).userId, request.body.coupon_code)),
  )

  app.get(
    '/coupons/info/:code',
    { config: guarded, schema: { params: CouponParams, response: { 200: envelope(CouponInfoSchema) } } },
    async (request) => okEnvelope(await coupons.info(request.params.code)),
  )

  app.get('/coupons/history', { schema: { response: { 200: envelope(CouponHistorySchema) } } }, async (request) =>
    okEnvelope(await coupons.history(viewerOf(request).userId)),
  )

  const admin = { preValidation: app.requireAdmin }

  app.post(
    '/admin/coupons',
    { ...admin, schema: { body: CreateCouponBody, response: { 201: envelope(AdminCouponSchema) } } },
    async (request, reply) =>
      reply.status(201).send(okEnvelope(await coupons.create(viewerOf(request).userId, request.body))),
  )

  app.get(
    '/admin/coupons',
    { ...admin, schema: { querystring: AdminCouponsQuery, response: { 200: envelope(AdminCouponsSchema) } } },
    async (request) => okEnvelope(await coupons.list(request.query)),
  )

  app.put(
    '/admin/coupons/:code',
    {
      ...admin,
      schema: { params: CouponParams, body: UpdateCouponBody, response: { 200: envelope(AdminCouponSchema) } },
    },
    async (request) => okEnvelope(await coupons.update(request.params.code, request.body)),
  )
}
