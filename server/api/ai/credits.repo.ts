import type { Db } from '../db/client.ts'

/** What an AI call was charged for. */
export type AiCharge = 'search' | 'analyze' | 'compare'

/**
 * The AI credit balance (`users.ai_credits`, granted by sign-up, plans, coupons and referrals) and
 * its ledger of uses (docs/decisions/021-ai-search-and-credits.md). A use is one conditional UPDATE
 * and its ledger row in one transaction: twenty calls at once on two credits take exactly two.
 */
export function aiCreditsRepo(db: Db) {
  return {
    /** Takes one credit for a call; the ledger row's id and the balance after, or null when none is left. */
    async take(userId: number, reason: AiCharge): Promise<{ ledgerId: string; remaining: number } | null> {
      return db.transaction(async (tx) => {
        const [user] = await tx.query<{ ai_credits: number }>(
          `UPDATE users SET ai_credits = ai_credits - 1, updated_at = now()
            WHERE id = $1 AND deleted_at IS NULL AND ai_credits > 0
            RETURNING ai_credits`,
          [userId],
        )
        if (!user) return null
        const [row] = await tx.query<{ id: string }>(
          `INSERT INTO ai_credit_ledger (user_id, delta, reason) VALUES ($1, -1, $2) RETURNING id::text AS id`,
          [userId, reason],
        )
        return { ledgerId: row!.id, remaining: user.ai_credits }
      })
    },

    /** Gives back the credit of a failed call, once (the refund row's unique `refund_of`); the balance after. */
    async refund(userId: number, ledgerId: string): Promise<number | null> {
      return db.transaction(async (tx) => {
        const [refund] = await tx.query<{ id: string }>(
          `INSERT INTO ai_credit_ledger (user_id, delta, reason, refund_of)
           SELECT user_id, 1, 'refund', id FROM ai_credit_ledger WHERE id = $1 AND user_id = $2 AND delta = -1
           ON CONFLICT (refund_of) DO NOTHING RETURNING id`,
          [ledgerId, userId],
        )
        if (!refund) return null
        const [user] = await tx.query<{ ai_credits: number }>(
          `UPDATE users SET ai_credits = ai_credits + 1, updated_at = now() WHERE id = $1 RETURNING ai_credits`,
          [userId],
        )
        return user?.ai_credits ?? null
      })
    },

    async balance(userId: number): Promise<number> {
      const [row] = await db.query<{ ai_credits: number }>(`SELECT ai_credits FROM users WHERE id = $1`, [userId])
      return row?.ai_credits ?? 0
    },
  }
}
export type AiCreditsRepo = ReturnType<typeof aiCreditsRepo>
