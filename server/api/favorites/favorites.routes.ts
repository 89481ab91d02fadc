import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, IdParams } from '../../../shared/schemas/common.ts'
import {
  FavoriteMarksQuery,
  FavoriteMarksSchema,
  FavoritePageSchema,
  FavoriteStateSchema,
  ListFavoritesQuery,
} from '../../../shared/schemas/listing.ts'
import { okEnvelope } from '../../lib/errors.ts'
import type { FavoritesService } from './favorites.service.ts'
import { viewerOf } from '../policy.ts'

/** /favorites — always the signed-in user's own; the id in the path is the listing's. */
export const favoritesRoutes: FastifyPluginAsyncZod<{ favorites: FavoritesService }> = async (app, { favorites }) => {
  app.addHook('preValidation', app.requireUser)

  app.get(
    '/favorites',
    { schema: { querystring: ListFavoritesQuery, response: { 200: envelope(FavoritePageSchema) } } },
    async (request) => {
      const { page, limit, language } = request.query
      return okEnvelope(await favorites.list(viewerOf(request).userId, page, limit, language))
    },
  )

  app.get(
    '/favorites/marks',
    { schema: { querystring: FavoriteMarksQuery, response: { 200: envelope(FavoriteMarksSchema) } } },
    async (request) => okEnvelope(await favorites.marks(viewerOf(request).userId, request.query.ids)),
  )

  app.post(
    '/favorites/:id',
    { schema: { params: IdParams, response: { 200: envelope(FavoriteStateSchema) } } },
    async (request) => okEnvelope(await favorites.add(viewerOf(request).userId, request.params.id)),
  )

  app.delete(
    '/favorites/:id',
    { schema: { params: IdParams, response: { 200: envelope(FavoriteStateSchema) } } },
    async (request) => okEnvelope(await favorites.remove(viewerOf(request).userId, request.params.id)),
  )
}
