import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, LanguageQuery } from '../../../shared/schemas/common.ts'
import { ContactMessageBody, ContactMessageSchema } from '../../../shared/schemas/contact-message.ts'
import { okEnvelope } from '../../lib/errors.ts'
import type { ContactMessagesService } from './contact-messages.service.ts'

/** POST /contact-messages: the contact-us form, open to anyone, limited per client (rate-limit/limits.ts `contact`). */
export const contactMessagesRoutes: FastifyPluginAsyncZod<{ messages: ContactMessagesService }> = async (
  app,
  { messages },
) => {
  app.post(
    '/contact-messages',
    {
      config: { rateLimitPolicy: 'contact' },
      schema: {
        querystring: LanguageQuery,
        body: ContactMessageBody,
        response: { 201: envelope(ContactMessageSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(okEnvelope(await messages.send(request.body, request.query.language))),
  )
}
