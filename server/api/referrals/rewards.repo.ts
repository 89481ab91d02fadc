import { REFERRAL_PREMIUM_DAYS } from '../../../shared/plans.ts'
import type { Queryable } from '../db/client.ts'
import { premiumRepo } from '../premium/premium.repo.ts'

/** Referral rewards, each granted once per referee and kind (the primary key of referral_rewards). */
export function referralRewardsRepo(db: Queryable) {
  return {
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
