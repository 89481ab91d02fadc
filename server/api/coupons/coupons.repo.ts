import type { Queryable } from '../db/client.ts'
import type { CouponRow } from './rules.ts'

/** A new coupon as stored: amounts in cents, the grant split into its three columns. */
export interface NewCoupon {
  code: string
  kind: CouponRow['kind']
  percentOff: number | null
  amountOffMinor: number | null
  grant: { aiCredits: number; premiumDays: number; freeBoosts: number }
  planKeys: string[] | null
  expiresAt: Date | null
  maxUses: number | null
  createdBy: number
}

/** One redemption of the user's history. */
export interface RedemptionRow {
  code: string
  kind: CouponRow['kind']
  redeemed_at: Date
  payment_id: string | null
}

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
      const [row] = await db.query<CouponRow>(`SELECT ${COLUMNS} FROM coupons WHERE code = $1 FOR NO KEY UPDATE`, [
        code,
      ])
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

    /** The coupon, or undefined when the code is taken already. */
    async insert(coupon: NewCoupon): Promise<CouponRow | undefined> {
      const [row] = await db.query<CouponRow>(
        `INSERT INTO coupons (code, kind, percent_off, amount_off_minor, grant_ai_credits, grant_premium_days, grant_free_boosts,
           plan_keys, expires_at, max_uses, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (code) DO NOTHING RETURNING ${COLUMNS}`,
        [
          coupon.code,
          coupon.kind,
          coupon.percentOff,
          coupon.amountOffMinor,
          coupon.grant.aiCredits,
          coupon.grant.premiumDays,
          coupon.grant.freeBoosts,
          coupon.planKeys,
          coupon.expiresAt,
          coupon.maxUses,
          coupon.createdBy,
        ],
      )
      return row
    },

    /** One page of the admins' list, newest first, each row with its use count (a column: no query per coupon). */
    async page(limit: number, offset: number): Promise<{ rows: CouponRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        db.query<CouponRow>(`SELECT ${COLUMNS} FROM coupons ORDER BY created_at DESC, code LIMIT $1 OFFSET $2`, [
          limit,
          offset,
        ]),
        db.query<{ n: number }>(`SELECT count(*)::int AS n FROM coupons`),
      ])
      return { rows, total: count[0]?.n ?? 0 }
    },

    async setActive(code: string, isActive: boolean): Promise<CouponRow | undefined> {
      const [row] = await db.query<CouponRow>(
        `UPDATE coupons SET is_active = $2 WHERE code = $1 RETURNING ${COLUMNS}`,
        [code, isActive],
      )
      return row
    },

    /** The user's redemptions (granted, or held and paid at purchase), newest first. */
    async history(userId: number): Promise<RedemptionRow[]> {
      return db.query<RedemptionRow>(
        `SELECT r.code, c.kind, r.redeemed_at, r.payment_id FROM coupon_redemptions r JOIN coupons c ON c.code = r.code
          WHERE r.user_id = $1 ORDER BY r.redeemed_at DESC, r.code`,
        [userId],
      )
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
