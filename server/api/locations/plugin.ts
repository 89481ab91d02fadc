import fp from 'fastify-plugin'
import { API_PREFIX } from '../../../shared/paths.ts'
import { locationsRoutes } from './locations.routes.ts'
import { locationsService, type LocationsService } from './locations.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Countries and cities (kept in memory for a minute). */
    locations: LocationsService
  }
}

/** /locations/*: countries and cities; listings ask it for cities and currencies. */
export default fp(
  async (app) => {
    const locations = locationsService(app.db)
    app.decorate('locations', locations)
    await app.register(locationsRoutes, { prefix: API_PREFIX, locations })
  },
  { name: 'locations', fastify: '5.x', dependencies: ['db'] },
)
