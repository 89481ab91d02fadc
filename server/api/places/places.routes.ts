import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope } from '../../../shared/schemas/common.ts'
import { GeocodeAnswerSchema, GeocodeQuery } from '../../../shared/schemas/place.ts'
import { okEnvelope } from '../../lib/errors.ts'
import type { GeocodeService } from './geocode.service.ts'

/**
 * /places/geocode: signed-in only, and limited per client, since each search may ask an outside
 * service whose usage policy the site answers for. Not under /locations: the gateway serves those
 * anonymously from its shared cache, without the reader's address the limit counts by.
 */
export const placesRoutes: FastifyPluginAsyncZod<{ geocode: GeocodeService }> = async (app, { geocode }) => {
  app.get(
    '/places/geocode',
    {
      preValidation: app.requireUser,
      config: { rateLimitPolicy: 'geocode' },
      schema: { querystring: GeocodeQuery, response: { 200: envelope(GeocodeAnswerSchema) } },
    },
    async (request) => okEnvelope(await geocode.geocode(request.query)),
  )
}
