import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope } from '../../../shared/schemas/common.ts'
import { FavoriteIdParams, FavoritePageSchema, FavoriteStateSchema, ListFavoritesQuery } from '../../../shared/schemas/listing.ts'
import { okEnvelope } from '../../lib/errors.ts'
import { requireUser, userIdOf } from '../plugins/authentication.ts'
import type { AccessTokens } from '../plugins/access-tokens.ts'
import type { FavoritesService } from './service.ts'

/** /favorites — always the signed-in user's own; the id in the path is the listing's. */
export const favoritesRoutes: FastifyPluginAsyncZod<{ favorites: FavoritesService; tokens: AccessTokens }> = async (app, { favorites, tokens }) => {
  app.addHook('preValidation', requireUser(tokens))

  app.get('/favorites', { schema: { querystring: ListFavoritesQuery, response: { 200: envelope(FavoritePageSchema) } } }, async (request) => {
    const { page, limit, language } = request.query
    return okEnvelope(await favorites.list(userIdOf(request), page, limit, language))
  })

  app.post('/favorites/:id', { schema: { params: FavoriteIdParams, response: { 200: envelope(FavoriteStateSchema) } } }, async (request) =>
    okEnvelope(await favorites.add(userIdOf(request), request.params.id)),
  )

  app.delete('/favorites/:id', { schema: { params: FavoriteIdParams, response: { 200: envelope(FavoriteStateSchema) } } }, async (request) =>
    okEnvelope(await favorites.remove(userIdOf(request), request.params.id)),
  )
}
