import type { Queryable } from '../db/client.ts'
import type { CouponRow } from './rules.ts'

const COLUMNS = `code, kind, percent_off, amount_off_minor, grant_ai_credits, grant_premium_days, grant_free_boosts,
  plan_keys, expires_at, max_uses, used_count, is_active, created_at`

/** Coupons and their redemptions (docs/decisions/019-payments-ledger.md); the rules are in rules.ts. */
export function couponsRepo(db: Queryable) {
  return {
    async find(code: string): Promise<CouponRow | undefined> {
      const [row] = await db.query<CouponRow>(`SELECT ${COLUMNS} FROM coupons WHERE code = $1`, [code])
      return row
    },

    /** The coupon, locked until the caller's transaction ends: the use count read is the one incremented. */
    async findForUpdate(code: string): Promise<CouponRow | undefined> {
      const [row] = await db.query<CouponRow>(`SELECT ${COLUMNS} FROM coupons WHERE code = $1 FOR UPDATE`, [code])
      return row
    },

    async usedBy(code: string, userId: number): Promise<boolean> {
      const rows = await db.query(`SELECT 1 FROM coupon_redemptions WHERE code = $1 AND user_id = $2`, [code, userId])
      return rows.length > 0
    },

    /** Records one use (call after couponProblem said none, with the row locked); false when this user already used it. */
    async recordRedemption(code: string, userId: number, paymentId: string | null = null): Promise<boolean> {
      const inserted = await db.query(
        `INSERT INTO coupon_redemptions (code, user_id, payment_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING code`,
        [code, userId, paymentId],
      )
      if (inserted.length === 0) return false
      await db.query(`UPDATE coupons SET used_count = used_count + 1 WHERE code = $1`, [code])
      return true
    },

    /** Gives back the use a payment held (its checkout was cancelled), so the code can be used again. */
    async releaseRedemption(paymentId: string): Promise<void> {
      const released = await db.query<{ code: string }>(
        `DELETE FROM coupon_redemptions WHERE payment_id = $1 RETURNING code`,
        [paymentId],
      )
      for (const { code } of released)
        await db.query(`UPDATE coupons SET used_count = GREATEST(used_count - 1, 0) WHERE code = $1`, [code])
    },
  }
}
