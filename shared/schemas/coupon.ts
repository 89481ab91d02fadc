import { z } from 'zod'
import { PLAN_KEYS } from '../plans.ts'
import { LimitParam, PageParam, PaginationSchema } from './common.ts'
import { CouponCode } from './subscription.ts'

export const COUPON_KINDS = ['percent', 'fixed', 'grant'] as const
/** Where a coupon stands for its admins: switched off first, then past its expiry, then at its cap. */
export const COUPON_STATES = ['active', 'disabled', 'expired', 'used_up'] as const
export type CouponState = (typeof COUPON_STATES)[number]

const Grant = z.object({
  ai_credits: z.number().int().min(0).max(100_000).optional(),
  premium_days: z.number().int().min(0).max(3650).optional(),
  free_boosts: z.number().int().min(0).max(1000).optional(),
})

export const CouponBody = z.object({ coupon_code: CouponCode })
export const CouponParams = z.object({ code: CouponCode })

/** A coupon as its user sees it: what it does, for which plans, until when. */
export const CouponInfoSchema = z.object({
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  percent_off: z.number().int().nullable(),
  amount_off_eur: z.number().nullable(),
  grant: z
    .object({ ai_credits: z.number().int(), premium_days: z.number().int(), free_boosts: z.number().int() })
    .nullable(),
  plan_keys: z.array(z.enum(PLAN_KEYS)).nullable(),
  expires_at: z.string().nullable(),
})
export type CouponInfo = z.infer<typeof CouponInfoSchema>

/** POST /coupons/validate: read-only; `reason` says why a coupon cannot be used by this user now. */
export const CouponValidationSchema = z.object({
  valid: z.boolean(),
  reason: z.enum(['not_found', 'expired', 'used_up', 'already_used', 'inactive']).nullable(),
  coupon: CouponInfoSchema.nullable(),
})

/** POST /coupons/redeem: a grant coupon's effect, applied once. */
export const CouponRedemptionSchema = z.object({
  code: z.string(),
  granted: z.object({ ai_credits: z.number().int(), premium_days: z.number().int(), free_boosts: z.number().int() }),
  ai_credits: z.number().int(),
  free_boosts: z.number().int(),
  premium_until: z.string().nullable(),
})

/** GET /coupons/history: the user's redemptions, newest first. */
export const CouponHistorySchema = z.object({
  items: z.array(
    z.object({
      code: z.string(),
      kind: z.enum(COUPON_KINDS),
      redeemed_at: z.string(),
      payment_id: z.string().nullable(),
    }),
  ),
})

/** POST /admin/coupons. */
export const CreateCouponBody = z
  .object({
    code: CouponCode,
    kind: z.enum(COUPON_KINDS),
    percent_off: z.number().int().min(1).max(100).optional(),
    amount_off_eur: z.number().positive().max(1000).multipleOf(0.01).optional(),
    grant: Grant.optional(),
    plan_keys: z.array(z.enum(PLAN_KEYS)).min(1).optional(),
    expires_at: z.iso.datetime({ offset: true }).optional(),
    max_uses: z.number().int().positive().max(1_000_000).optional(),
  })
  .superRefine((coupon, ctx) => {
    const need = (ok: boolean, path: string, message: string) =>
      ok || ctx.addIssue({ code: 'custom', path: [path], message })
    need(
      (coupon.kind === 'percent') === (coupon.percent_off !== undefined),
      'percent_off',
      'given exactly for percent coupons',
    )
    need(
      (coupon.kind === 'fixed') === (coupon.amount_off_eur !== undefined),
      'amount_off_eur',
      'given exactly for fixed coupons',
    )
    const granted =
      (coupon.grant?.ai_credits ?? 0) + (coupon.grant?.premium_days ?? 0) + (coupon.grant?.free_boosts ?? 0)
    need((coupon.kind === 'grant') === granted > 0, 'grant', 'given, and not empty, exactly for grant coupons')
  })

/** PUT /admin/coupons/{code}: switch a coupon off (or on again). */
export const UpdateCouponBody = z.object({ is_active: z.boolean() })

/** A coupon as admins see it: with its use count (held by unpaid checkouts included) and its state now. */
export const AdminCouponSchema = CouponInfoSchema.extend({
  max_uses: z.number().int().nullable(),
  used_count: z.number().int(),
  is_active: z.boolean(),
  state: z.enum(COUPON_STATES),
  created_at: z.string(),
})
export type AdminCoupon = z.infer<typeof AdminCouponSchema>

/** GET /admin/coupons: newest first, 20 a page. */
export const AdminCouponsQuery = z.object({ page: PageParam, limit: LimitParam })
export type AdminCouponsQuery = z.output<typeof AdminCouponsQuery>
export const AdminCouponsSchema = z.object({ items: z.array(AdminCouponSchema), pagination: PaginationSchema })
