import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope } from '../../../shared/schemas/common.ts'
import {
  ReferralLeaderboardSchema,
  ReferralSignupBody,
  ReferralSignupSchema,
  ReferralStatsSchema,
} from '../../../shared/schemas/referral.ts'
import { okEnvelope } from '../../lib/errors.ts'
import { viewerOf } from '../policy.ts'
import type { ReferralsService } from './referrals.service.ts'

/** /referrals: always the signed-in user's own. */
export const referralsRoutes: FastifyPluginAsyncZod<{ referrals: ReferralsService }> = async (app, { referrals }) => {
  app.addHook('preValidation', app.requireUser)

  app.post(
    '/referrals/signup',
    { schema: { body: ReferralSignupBody, response: { 200: envelope(ReferralSignupSchema) } } },
    async (request) => okEnvelope(await referrals.signup(viewerOf(request).userId, request.body.referrer_code)),
  )

  app.get('/referrals/stats', { schema: { response: { 200: envelope(ReferralStatsSchema) } } }, async (request) =>
    okEnvelope(await referrals.stats(viewerOf(request).userId)),
  )

  app.get(
    '/referrals/leaderboard',
    { schema: { response: { 200: envelope(ReferralLeaderboardSchema) } } },
    async (request) => okEnvelope(await referrals.leaderboard(viewerOf(request).userId)),
  )
}
