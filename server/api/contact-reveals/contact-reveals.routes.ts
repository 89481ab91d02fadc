import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, IdParams } from '../../../shared/schemas/common.ts'
import { ContactAnswerSchema } from '../../../shared/schemas/contact.ts'
import { okEnvelope } from '../../lib/errors.ts'
import { viewerOf } from '../policy.ts'
import type { ContactRevealsService } from './contact-reveals.service.ts'

/** POST /listings/{id}/contact: the owner's contact for a signed-in reader (contact-reveals.service.ts has the rules). */
export const contactRevealsRoutes: FastifyPluginAsyncZod<{ contact: ContactRevealsService }> = async (
  app,
  { contact },
) => {
  app.addHook('preValidation', app.requireUser)

  app.post(
    '/listings/:id/contact',
    { schema: { params: IdParams, response: { 200: envelope(ContactAnswerSchema) } } },
    async (request) => okEnvelope(await contact.open(viewerOf(request), request.params.id)),
  )
}
