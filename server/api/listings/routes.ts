import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope } from '../../../shared/schemas/common.ts'
import { ListingIdParams, ListingPageSchema, ListingSchema, ListListingsQuery, SearchListingsQuery } from '../../../shared/schemas/listing.ts'
import { LanguageParam } from '../../../shared/schemas/common.ts'
import { sendSerialized } from '../http.ts'
import type { ListingsService } from './service.ts'
import { z } from 'zod'

export const listingsRoutes: FastifyPluginAsyncZod<{ listings: ListingsService }> = async (app, { listings }) => {
  app.get(
    '/listings',
    { schema: { querystring: ListListingsQuery, response: { 200: envelope(ListingPageSchema) } } },
    async (request, reply) => sendSerialized(reply, await listings.search(request.query)),
  )

  // The older search call of SPEC §7: its parameter names map onto GET /listings.
  app.get(
    '/listings/search',
    { schema: { querystring: SearchListingsQuery, response: { 200: envelope(ListingPageSchema) } } },
    async (request, reply) => {
      const { apartment_type, gender_preference, per_page, ...rest } = request.query
      const query = ListListingsQuery.parse({
        ...rest,
        ...(apartment_type && { type: apartment_type }),
        ...(gender_preference && { gender_pref: gender_preference }),
        ...(per_page && { limit: per_page }),
      })
      return sendSerialized(reply, await listings.search(query))
    },
  )

  app.get(
    '/listings/:id',
    {
      schema: {
        params: ListingIdParams,
        querystring: z.object({ language: LanguageParam.default('fa') }),
        response: { 200: envelope(ListingSchema) },
      },
    },
    async (request, reply) => sendSerialized(reply, await listings.getPublic(request.params.id, request.query.language)),
  )
}
