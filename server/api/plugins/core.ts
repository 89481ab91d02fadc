import fp from 'fastify-plugin'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { installErrorHandling } from '../http.ts'
import { refuseNulCharacters } from '../text-input.ts'

/** What every route of the API shares: zod schemas, JSON bodies only, the error envelope on every failure (docs/decisions/013-error-envelope-and-codes.md), request ids. */
export default fp(
  async (app) => {
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(serializerCompiler)
    // JSON only: a cross-site form can post text/plain without a preflight, and Fastify parses text/plain by default.
    app.removeContentTypeParser(['text/plain'])
    app.addHook('onSend', async (request, reply) => {
      reply.header('x-request-id', request.id)
    })
    installErrorHandling(app)
    refuseNulCharacters(app)
  },
  { name: 'core', fastify: '5.x' },
)
