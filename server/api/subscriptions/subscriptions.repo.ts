import type { Queryable } from '../db/client.ts'

export interface PeriodRow {
  plan_key: string
  source: 'payment' | 'coupon' | 'referral'
  starts_at: Date
  ends_at: Date
}

/** What the subscription status reads: the user's allowances, premium periods and today's reveals. */
export function subscriptionsRepo(db: Queryable) {
  return {
    async allowances(
      userId: number,
    ): Promise<
      { premium_until: Date | null; is_premium: boolean; ai_credits: number; free_boosts: number } | undefined
    > {
      const [row] = await db.query<{
        premium_until: Date | null
        is_premium: boolean
        ai_credits: number
        free_boosts: number
      }>(
        `SELECT premium_until, COALESCE(premium_until > now(), false) AS is_premium, ai_credits, free_boosts
           FROM users WHERE id = $1`,
        [userId],
      )
      return row
    },

    /** The user's premium periods, newest first. */
    async periods(userId: number): Promise<PeriodRow[]> {
      return db.query<PeriodRow>(
        `SELECT plan_key, source, starts_at, ends_at FROM subscriptions WHERE user_id = $1 ORDER BY starts_at DESC, id DESC LIMIT 100`,
        [userId],
      )
    },

    /** Contacts the user opened with the day's free reveals since `since` (the start of the UTC day). */
    async dailyRevealsSince(userId: number, since: Date): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM contact_reveals WHERE user_id = $1 AND via = 'daily' AND created_at >= $2`,
        [userId, since],
      )
      return row?.n ?? 0
    },
  }
}
