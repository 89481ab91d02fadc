import { REFERRAL_PREMIUM_DAYS, REFERRAL_SIGNUP_CREDITS } from '../../../shared/plans.ts'
import type { Queryable } from '../db/client.ts'
import { premiumRepo } from '../premium/premium.repo.ts'

/** Referral rewards, each granted once per referee and kind (the primary key of referral_rewards). */
export function referralRewardsRepo(db: Queryable) {
  return {
    /**
     * Both users' AI credits for a referred sign-up: call inside the transaction that records the
     * referral, with both rows locked. False when this referee's sign-up was rewarded before.
     */
    async rewardSignup(refereeId: number, referrerId: number): Promise<boolean> {
      const inserted = await db.query(
        `INSERT INTO referral_rewards (referee_id, kind, referrer_id) VALUES ($1, 'signup', $2)
         ON CONFLICT DO NOTHING RETURNING referrer_id`,
        [refereeId, referrerId],
      )
      if (inserted.length === 0) return false
      await db.query(`UPDATE users SET ai_credits = ai_credits + $3, updated_at = now() WHERE id IN ($1, $2)`, [
        refereeId,
        referrerId,
        REFERRAL_SIGNUP_CREDITS,
      ])
      return true
    },

    /**
     * The referrer's premium days when the referee first pays: call inside the transaction that
     * marks the payment paid. False when the payer was not referred or the reward was given before.
     */
    async rewardFirstPayment(refereeId: number): Promise<boolean> {
      const [referee] = await db.query<{ referred_by: number | null }>(`SELECT referred_by FROM users WHERE id = $1`, [
        refereeId,
      ])
      if (!referee?.referred_by) return false
      const inserted = await db.query(
        `INSERT INTO referral_rewards (referee_id, kind, referrer_id) VALUES ($1, 'first_payment', $2)
         ON CONFLICT DO NOTHING RETURNING referrer_id`,
        [refereeId, referee.referred_by],
      )
      if (inserted.length === 0) return false
      await premiumRepo(db).grantDays(referee.referred_by, REFERRAL_PREMIUM_DAYS, {
        planKey: 'referral',
        source: 'referral',
      })
      return true
    },
  }
}
