import type { z } from 'zod'
import {
  REFERRAL_LEADERBOARD_SIZE,
  REFERRAL_PREMIUM_DAYS,
  REFERRAL_SIGNUP_CREDITS,
  REFERRAL_SIGNUP_WINDOW_DAYS,
} from '../../../shared/plans.ts'
import { REFERRAL_QUERY } from '../../../shared/paths.ts'
import {
  ReferralCode,
  type ReferralLeaderboardSchema,
  type ReferralSignupSchema,
  type ReferralStatsSchema,
} from '../../../shared/schemas/referral.ts'
import type { BareReasonOf } from '../../../shared/errors.ts'
import { AppError } from '../../lib/errors.ts'
import type { Db } from '../db/client.ts'
import { referralsRepo } from './referrals.repo.ts'
import { referralRewardsRepo } from './rewards.repo.ts'

const refused = (reason: BareReasonOf<'CONFLICT'>, message: string) => new AppError('CONFLICT', message, { reason })

/**
 * Referrals: a new account names who brought it, once and soon after sign-up, and both get AI
 * credits; the referrer gets premium days when the referee first pays (rewards.repo.ts).
 */
export function referralsService(db: Db, options: { publicBaseUrl?: string } = {}) {
  const repo = referralsRepo(db)
  const publicBaseUrl = (options.publicBaseUrl ?? 'http://localhost:3000').replace(/\/+$/, '')

  /**
   * The one rule of a referral, for POST /referrals/signup and the code given at e-mail sign-up:
   * referrals take turns (one lock for them all), and the referee's row is locked (with the
   * referrer's, in id order), so of concurrent referrals of one account exactly one is recorded and
   * rewarded, and no two together close a cycle.
   */
  async function signup(refereeId: number, code: string): Promise<z.infer<typeof ReferralSignupSchema>> {
    const referrer = await repo.findByCode(code)
    if (!referrer) throw new AppError('NOT_FOUND', 'No user has this referral code', { reason: 'referrer_not_found' })
    if (referrer.id === refereeId) throw refused('self_referral', 'You cannot use your own referral code')
    return db.transaction(async (tx) => {
      const referrals = referralsRepo(tx)
      await referrals.lockReferralGraph()
      const rows = await referrals.lockLive([refereeId, referrer.id], REFERRAL_SIGNUP_WINDOW_DAYS)
      const referee = rows.find((r) => r.id === refereeId)
      const by = rows.find((r) => r.id === referrer.id)
      if (!referee) throw new AppError('UNAUTHENTICATED')
      if (!by) throw new AppError('NOT_FOUND', 'No user has this referral code', { reason: 'referrer_not_found' })
      // referred_at stays set even when a merge clears referred_by: one referral per account, ever
      if (referee.referred_at !== null) throw refused('already_referred', 'This account has been referred already')
      // a referral never closes a cycle, of any length: each of its members would be paid by the next
      if (await referrals.broughtBy(referrer.id, refereeId))
        throw refused('mutual_referral', 'This user joined through your referrals; they cannot refer you')
      if (!referee.in_window)
        throw refused(
          'window_closed',
          `A referral code can be entered only within ${REFERRAL_SIGNUP_WINDOW_DAYS} days of signing up`,
        )
      await referrals.setReferrer(refereeId, referrer.id)
      await referralRewardsRepo(tx).rewardSignup(refereeId, referrer.id)
      return { referrer_first_name: by.first_name, ai_credits: await referrals.aiCredits(refereeId) }
    })
  }

  return {
    /** POST /referrals/signup: 404 for an unknown code; 409 for one's own, a second one, one closing a cycle or too late. */
    signup,

    /**
     * The referral code given at e-mail sign-up (stored as referred_by_code): the same rule as
     * POST /referrals/signup, right after the account is created. A code the rule refuses is left
     * unused and the sign-up goes on; true when the referral was recorded.
     */
    async signupCode(refereeId: number, code: string | null): Promise<boolean> {
      const parsed = ReferralCode.safeParse(code)
      if (!parsed.success) return false
      try {
        await signup(refereeId, parsed.data)
        return true
      } catch (err) {
        if (err instanceof AppError && (err.code === 'CONFLICT' || err.code === 'NOT_FOUND')) return false
        throw err
      }
    },

    /** GET /referrals/stats: the user's code and link, the referees signed up and paid, and the rewards earned. */
    async stats(userId: number): Promise<z.infer<typeof ReferralStatsSchema>> {
      const counts = await repo.counts(userId)
      if (!counts) throw new AppError('UNAUTHENTICATED')
      return {
        referral_code: counts.referral_code,
        referral_link: `${publicBaseUrl}/?${REFERRAL_QUERY}=${encodeURIComponent(counts.referral_code)}`,
        signups: counts.signups,
        paid_conversions: counts.paid,
        rewards: {
          ai_credits: counts.signups * REFERRAL_SIGNUP_CREDITS,
          premium_days: counts.paid * REFERRAL_PREMIUM_DAYS,
        },
      }
    },

    /** GET /referrals/leaderboard: the top referrers by first name only; the caller's own row is marked. */
    async leaderboard(userId: number): Promise<z.infer<typeof ReferralLeaderboardSchema>> {
      const rows = await repo.leaderboard(REFERRAL_LEADERBOARD_SIZE)
      return {
        items: rows.map((r, i) => ({
          rank: i + 1,
          first_name: r.first_name,
          referrals: r.paid,
          signups: r.signups,
          is_me: r.user_id === userId,
        })),
      }
    },
  }
}
export type ReferralsService = ReturnType<typeof referralsService>
