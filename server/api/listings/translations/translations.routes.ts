import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope } from '../../../../shared/schemas/common.ts'
import { ListingIdParams, ListingTranslationsSchema } from '../../../../shared/schemas/listing.ts'
import { okEnvelope } from '../../../lib/errors.ts'
import { optionalViewerOf } from '../../policy.ts'
import type { ListingTranslationsService } from './translations.service.ts'

/** GET /listings/{id}/translations: the owner's text and its stored translations. */
export const listingTranslationsRoutes: FastifyPluginAsyncZod<{ translations: ListingTranslationsService }> = async (
  app,
  { translations },
) => {
  app.addHook('preValidation', app.optionalUser)

  app.get(
    '/listings/:id/translations',
    { schema: { params: ListingIdParams, response: { 200: envelope(ListingTranslationsSchema) } } },
    async (request) => okEnvelope(await translations.translationsOf(request.params.id, optionalViewerOf(request))),
  )
}
