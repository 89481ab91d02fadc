import type { Queryable } from '../db/client.ts'

export type PremiumSource = 'payment' | 'coupon' | 'referral'

/**
 * Premium time and allowances, one place for every way they are granted (a paid plan, a coupon's days, a referral
 * reward): the new period starts where the current one ends (or now), is recorded in
 * `subscriptions`, and moves `users.premium_until`. Call it inside the transaction that decides the
 * grant, so that the grant and its cause commit together (docs/decisions/019-payments-ledger.md).
 */
export function premiumRepo(db: Queryable) {
  return {
    async grantDays(
      userId: number,
      days: number,
      grant: { planKey: string; source: PremiumSource; paymentId?: string | null },
    ): Promise<{ startsAt: Date; endsAt: Date }> {
      // The user's row is locked first, so two grants at once stack instead of overlapping.
      const [row] = await db.query<{ starts_at: Date }>(
        `SELECT GREATEST(now(), COALESCE(premium_until, now())) AS starts_at FROM users WHERE id = $1 FOR NO KEY UPDATE`,
        [userId],
      )
      if (!row) throw new Error(`premium grant for a missing user ${userId}`)
      const [period] = await db.query<{ starts_at: Date; ends_at: Date }>(
        `INSERT INTO subscriptions (user_id, plan_key, source, payment_id, starts_at, ends_at)
         VALUES ($1, $2, $3, $4, $5, $5::timestamptz + make_interval(days => $6))
         RETURNING starts_at, ends_at`,
        [userId, grant.planKey, grant.source, grant.paymentId ?? null, row.starts_at, days],
      )
      await db.query(`UPDATE users SET premium_until = $2, updated_at = now() WHERE id = $1`, [userId, period!.ends_at])
      return { startsAt: new Date(period!.starts_at), endsAt: new Date(period!.ends_at) }
    },

    /** AI credits and free boosts added to a live user's (a plan, a grant coupon); the balances after, undefined for no live user. */
    async addAllowances(
      userId: number,
      aiCredits: number,
      freeBoosts: number,
    ): Promise<{ ai_credits: number; free_boosts: number; premium_until: Date | null } | undefined> {
      const [row] = await db.query<{ ai_credits: number; free_boosts: number; premium_until: Date | null }>(
        `UPDATE users SET ai_credits = ai_credits + $2, free_boosts = free_boosts + $3, updated_at = now()
          WHERE id = $1 AND deleted_at IS NULL RETURNING ai_credits, free_boosts, premium_until`,
        [userId, aiCredits, freeBoosts],
      )
      return row
    },

    /** Whether the user is premium now: read against the clock, so premium ends on time without a job. */
    async isPremium(userId: number): Promise<boolean> {
      const [row] = await db.query<{ premium: boolean }>(
        `SELECT COALESCE(premium_until > now(), false) AS premium FROM users WHERE id = $1`,
        [userId],
      )
      return row?.premium ?? false
    },
  }
}
