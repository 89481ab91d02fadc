import fp from 'fastify-plugin'
import { API_PREFIX } from '../../../shared/paths.ts'
import { referralsRoutes } from './referrals.routes.ts'
import { referralsService } from './referrals.service.ts'

/** /referrals: the user's referral, link, stats and the leaderboard. */
export default fp<{ publicBaseUrl?: string }>(
  async (app, options) => {
    await app.register(referralsRoutes, {
      prefix: API_PREFIX,
      referrals: referralsService(app.db, { publicBaseUrl: options.publicBaseUrl }),
    })
  },
  { name: 'referrals', fastify: '5.x', dependencies: ['db', 'authentication'] },
)
