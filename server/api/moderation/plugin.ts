import fp from 'fastify-plugin'
import { API_PREFIX } from '../../../shared/paths.ts'
import { moderationRoutes } from './moderation.routes.ts'
import { moderationService } from './moderation.service.ts'

/** Reports and the moderators' calls under /admin (docs/decisions/014-listing-statuses-and-moderation.md). */
export default fp(
  async (app) => {
    await app.register(moderationRoutes, {
      prefix: API_PREFIX,
      moderation: moderationService(app.db, { listings: app.publicListings }),
    })
  },
  { name: 'moderation', fastify: '5.x', dependencies: ['db', 'authentication', 'rate-limit', 'listings'] },
)
