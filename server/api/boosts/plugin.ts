import fp from 'fastify-plugin'
import { API_PREFIX } from '../../../shared/paths.ts'
import { boostsRoutes } from './boosts.routes.ts'
import { boostsService } from './boosts.service.ts'

/** Boosts with the owner's free boosts; paid boosts go through the payments resource. */
export default fp(
  async (app) => {
    await app.register(boostsRoutes, { prefix: API_PREFIX, boosts: boostsService(app.db, app.publicListings) })
  },
  { name: 'boosts', fastify: '5.x', dependencies: ['db', 'authentication', 'listings'] },
)
