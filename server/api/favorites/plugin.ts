import fp from 'fastify-plugin'
import { API_PREFIX } from '../../../shared/paths.ts'
import { favoritesRoutes } from './favorites.routes.ts'
import { favoritesService } from './favorites.service.ts'

/** /favorites: the signed-in user's saved listings. */
export default fp(
  async (app) => {
    await app.register(favoritesRoutes, { prefix: API_PREFIX, favorites: favoritesService(app.db, app.publicListings) })
  },
  { name: 'favorites', fastify: '5.x', dependencies: ['db', 'authentication', 'listings'] },
)
