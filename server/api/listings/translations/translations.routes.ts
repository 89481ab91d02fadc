import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope } from '../../../../shared/schemas/common.ts'
import { ListingIdParams, ListingTranslationsSchema } from '../../../../shared/schemas/listing.ts'
import { okEnvelope } from '../../../lib/errors.ts'
import { optionalUser } from '../../plugins/authentication.ts'
import type { AccessTokens } from '../../plugins/access-tokens.ts'
import { optionalViewerOf } from '../../policy.ts'
import type { ListingTranslationsService } from './translations.service.ts'

/** GET /listings/{id}/translations: the owner's text and its stored translations. */
export const listingTranslationsRoutes: FastifyPluginAsyncZod<{ translations: ListingTranslationsService; tokens: AccessTokens }> = async (
  app,
  { translations, tokens },
) => {
  app.addHook('preValidation', optionalUser(tokens))

  app.get(
    '/listings/:id/translations',
    { schema: { params: ListingIdParams, response: { 200: envelope(ListingTranslationsSchema) } } },
    async (request) => okEnvelope(await translations.translationsOf(request.params.id, optionalViewerOf(request))),
  )
}
