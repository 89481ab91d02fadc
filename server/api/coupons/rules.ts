import type { PlanKey } from '../../../shared/plans.ts'
import type { CouponState } from '../../../shared/schemas/coupon.ts'

/** A coupon row as the rules read it. */
export interface CouponRow {
  code: string
  kind: 'percent' | 'fixed' | 'grant'
  percent_off: number | null
  amount_off_minor: number | null
  grant_ai_credits: number
  grant_premium_days: number
  grant_free_boosts: number
  plan_keys: PlanKey[] | null
  expires_at: Date | null
  max_uses: number | null
  used_count: number
  is_active: boolean
  created_at: Date
}

export type CouponProblem = 'not_found' | 'inactive' | 'expired' | 'used_up' | 'already_used'

/**
 * Why this user cannot use this coupon now, or null when they can. The one rule behind validate,
 * redeem and a discounted purchase; callers that grant read the row `FOR NO KEY UPDATE` first, so the
 * use count it sees is the one they increment.
 */
export function couponProblem(
  coupon: CouponRow | undefined,
  { now, usedByUser }: { now: Date; usedByUser: boolean },
): CouponProblem | null {
  if (!coupon) return 'not_found'
  if (!coupon.is_active) return 'inactive'
  if (coupon.expires_at && coupon.expires_at.getTime() <= now.getTime()) return 'expired'
  if (usedByUser) return 'already_used'
  if (coupon.max_uses !== null && coupon.used_count >= coupon.max_uses) return 'used_up'
  return null
}

/** The coupon's state for its admins; what is not `active` is refused to every user, for the same reasons couponProblem gives. */
export function couponState(coupon: CouponRow, now: Date): CouponState {
  if (!coupon.is_active) return 'disabled'
  if (coupon.expires_at && coupon.expires_at.getTime() <= now.getTime()) return 'expired'
  if (coupon.max_uses !== null && coupon.used_count >= coupon.max_uses) return 'used_up'
  return 'active'
}

/** Whether a discount coupon applies to this plan (grant coupons never discount). */
export function discountsPlan(coupon: CouponRow, planKey: PlanKey): boolean {
  return coupon.kind !== 'grant' && (coupon.plan_keys === null || coupon.plan_keys.includes(planKey))
}

/** The discount in cents on a price in cents: never more than the price, rounded to the cent. */
export function discountMinor(coupon: CouponRow, priceMinor: number): number {
  if (coupon.kind === 'percent') return Math.min(priceMinor, Math.round((priceMinor * coupon.percent_off!) / 100))
  if (coupon.kind === 'fixed') return Math.min(priceMinor, coupon.amount_off_minor!)
  return 0
}
