import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, LanguageQuery } from '../../../../shared/schemas/common.ts'
import {
  ListingIdParams,
  ListingPageSchema,
  ListingSchema,
  ListListingsQuery,
  MapPointsQuery,
  MapPointsSchema,
  SearchListingsQuery,
  ViewCountedSchema,
} from '../../../../shared/schemas/listing.ts'
import { okEnvelope } from '../../../lib/errors.ts'
import { sendSerialized } from '../../http.ts'
import { optionalViewerOf } from '../../policy.ts'
import type { PublicListingsService } from './public.service.ts'

/**
 * Public listing reads. Anonymous viewers get the shared, pre-serialized answer; a signed-in viewer
 * gets the same listings with their own `is_favorited` and `favorited_at` added.
 */
export const publicListingsRoutes: FastifyPluginAsyncZod<{ listings: PublicListingsService }> = async (
  app,
  { listings },
) => {
  app.addHook('preValidation', app.optionalUser)

  app.get(
    '/listings',
    { schema: { querystring: ListListingsQuery, response: { 200: envelope(ListingPageSchema) } } },
    async (request, reply) => {
      const viewer = optionalViewerOf(request)
      return sendSerialized(
        reply,
        viewer ? await listings.searchSerializedFor(viewer, request.query) : await listings.search(request.query),
      )
    },
  )

  // The map's points of a search (docs/decisions/046-listing-location-privacy-and-area-search.md): public
  // points only, the same for every viewer.
  app.get(
    '/listings/points',
    { schema: { querystring: MapPointsQuery, response: { 200: envelope(MapPointsSchema) } } },
    async (request, reply) => sendSerialized(reply, await listings.points(request.query)),
  )

  // The older search call: its parameter names map onto GET /listings.
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
      const viewer = optionalViewerOf(request)
      return sendSerialized(
        reply,
        viewer ? await listings.searchSerializedFor(viewer, query) : await listings.search(query),
      )
    },
  )

  app.get(
    '/listings/:id',
    { schema: { params: ListingIdParams, querystring: LanguageQuery, response: { 200: envelope(ListingSchema) } } },
    async (request, reply) => {
      const { id } = request.params
      const { language } = request.query
      const viewer = optionalViewerOf(request)
      return viewer
        ? okEnvelope(await listings.getFor(viewer, id, language))
        : sendSerialized(reply, await listings.getPublic(id, language))
    },
  )

  // A page view, sent by the listing page once it has loaded: caches in front of the reads (the
  // gateway's, the API's) never hide a view, crawlers without JavaScript are not counted, and the
  // page never waits for the count.
  app.post(
    '/listings/:id/view',
    { schema: { params: ListingIdParams, response: { 202: envelope(ViewCountedSchema) } } },
    async (request, reply) => {
      const anonymous = { address: request.ip, userAgent: request.headers['user-agent'] ?? '' }
      return reply
        .status(202)
        .send(okEnvelope(await listings.recordView(request.params.id, optionalViewerOf(request), anonymous)))
    },
  )
}
