import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { PushPublicKeySchema } from '../../../shared/schemas/alert.ts'
import { envelope } from '../../../shared/schemas/common.ts'
import { AppError, okEnvelope } from '../../lib/errors.ts'

/**
 * GET /push/public-key, anyone's: the VAPID public key this API signs pushes with, which a gateway
 * elsewhere hands its pages so that browsers subscribe with it (docs/decisions/030-shared-secrets-and-keys.md).
 * The private key never leaves the API.
 */
export const pushKeyRoutes: FastifyPluginAsyncZod<{ vapidPublicKey?: string }> = async (app, { vapidPublicKey }) => {
  app.get(
    '/push/public-key',
    { schema: { response: { 200: envelope(PushPublicKeySchema) } } },
    async (_request, reply) => {
      if (!vapidPublicKey) throw new AppError('NOT_FOUND', 'Web Push is not configured')
      reply.header('cache-control', 'no-cache')
      return okEnvelope({ vapid_public_key: vapidPublicKey })
    },
  )
}
