import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, IdParams } from '../../../../shared/schemas/common.ts'
import { ListingAnalyticsSchema } from '../../../../shared/schemas/listing-write.ts'
import { okEnvelope } from '../../../lib/errors.ts'
import { viewerOf } from '../../policy.ts'
import type { ListingAnalyticsService } from './analytics.service.ts'

/** A listing's numbers for its owner and admins (everyone else gets 404). */
export const listingAnalyticsRoutes: FastifyPluginAsyncZod<{ analytics: ListingAnalyticsService }> = async (
  app,
  { analytics },
) => {
  app.addHook('preValidation', app.requireUser)

  app.get(
    '/users/listings/:id/analytics',
    { schema: { params: IdParams, response: { 200: envelope(ListingAnalyticsSchema) } } },
    async (request) => okEnvelope(await analytics.forListing(viewerOf(request), request.params.id)),
  )
}
