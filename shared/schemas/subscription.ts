import { z } from 'zod'
import { DEFAULT_LOCALE } from '../locales.ts'
import { PLAN_KEYS } from '../plans.ts'
import { LanguageParam } from './common.ts'

export const PlanKeySchema = z.enum(PLAN_KEYS)

/** A coupon code as typed: trimmed, upper-cased, 3–40 of A–Z 0–9 _ -. */
export const CouponCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{3,40}$/, 'must be 3–40 letters, digits, _ or -')

/** GET /subscription-plans?language=: one plan, its name and price in the reader's language. */
export const SubscriptionPlanSchema = z.object({
  id: z.number().int(),
  key: PlanKeySchema,
  name: z.string(),
  description: z.string(),
  duration_days: z.number().int(),
  price_eur: z.number(),
  price_display: z.string(),
  ai_credits: z.number().int(),
  free_boosts: z.number().int(),
  features: z.object({ contact_access: z.boolean(), alerts: z.boolean(), ai_analysis: z.boolean() }),
  is_popular: z.boolean(),
})
export type SubscriptionPlan = z.infer<typeof SubscriptionPlanSchema>
export const SubscriptionPlansSchema = z.object({ plans: z.array(SubscriptionPlanSchema) })
export const PlansQuery = z.object({ language: LanguageParam.default(DEFAULT_LOCALE) })

/** One premium period of the history: a paid plan, a coupon's days or a referral reward. */
export const SubscriptionPeriodSchema = z.object({
  plan: z.string(),
  source: z.enum(['payment', 'coupon', 'referral']),
  start_date: z.string(),
  end_date: z.string(),
  status: z.enum(['active', 'scheduled', 'expired']),
})

/** GET /subscription/status. Premium ends on time: it is read against the clock, never from a stale flag. */
export const SubscriptionStatusSchema = z.object({
  is_premium: z.boolean(),
  premium_until: z.string().nullable(),
  current_plan: z.string().nullable(),
  ai_credits: z.number().int(),
  free_boosts: z.number().int(),
  daily_reveals: z.object({ limit: z.number().int(), used: z.number().int(), resets_at: z.string() }),
  max_alerts: z.number().int(),
  subscription_history: z.array(SubscriptionPeriodSchema),
})
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>

/** POST /subscription/purchase (with an Idempotency-Key header). */
export const PurchaseBody = z.object({ plan_key: PlanKeySchema, coupon_code: CouponCode.optional() })
