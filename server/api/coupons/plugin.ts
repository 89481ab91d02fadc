import fp from 'fastify-plugin'
import { API_PREFIX } from '../../../shared/paths.ts'
import { couponsRoutes } from './coupons.routes.ts'
import { couponsService } from './coupons.service.ts'

/** /coupons (validate, redeem, info, history) and the admins' /admin/coupons. */
export default fp(
  async (app) => {
    await app.register(couponsRoutes, { prefix: API_PREFIX, coupons: couponsService(app.db) })
  },
  { name: 'coupons', fastify: '5.x', dependencies: ['db', 'authentication', 'rate-limit'] },
)
