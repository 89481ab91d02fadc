import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, IdParams } from '../../../shared/schemas/common.ts'
import { BoostAnswerSchema } from '../../../shared/schemas/contact.ts'
import { okEnvelope } from '../../lib/errors.ts'
import { viewerOf } from '../policy.ts'
import type { BoostsService } from './boosts.service.ts'

/** POST /listings/{id}/boost: the owner boosts an active listing with a free boost (boosts.service.ts has the rules). */
export const boostsRoutes: FastifyPluginAsyncZod<{ boosts: BoostsService }> = async (app, { boosts }) => {
  app.addHook('preValidation', app.requireUser)

  app.post(
    '/listings/:id/boost',
    { schema: { params: IdParams, response: { 200: envelope(BoostAnswerSchema) } } },
    async (request) => okEnvelope(await boosts.boost(viewerOf(request), request.params.id)),
  )
}
