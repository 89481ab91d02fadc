/** The money constants of the product (docs/decisions/019-payments-ledger.md): plans, prices, daily reveals, boosts, referral rewards. */

export const PLAN_KEYS = ['monthly', 'quarterly', 'yearly'] as const
export type PlanKey = (typeof PLAN_KEYS)[number]

export interface Plan {
  key: PlanKey
  durationDays: number
  /** Price in EUR cents. */
  priceMinor: number
  aiCredits: number
  freeBoosts: number
  isPopular: boolean
}

export const PLANS: readonly Plan[] = [
  { key: 'monthly', durationDays: 30, priceMinor: 499, aiCredits: 50, freeBoosts: 1, isPopular: false },
  { key: 'quarterly', durationDays: 90, priceMinor: 1199, aiCredits: 200, freeBoosts: 3, isPopular: true },
  { key: 'yearly', durationDays: 365, priceMinor: 3999, aiCredits: 1000, freeBoosts: 12, isPopular: false },
]

export function planOf(key: PlanKey): Plan {
  return PLANS.find((plan) => plan.key === key)!
}

/** Every premium plan opens these. */
export const PREMIUM_FEATURES = { contact_access: true, alerts: true, ai_analysis: true } as const

/** The one-off prices, in EUR cents. */
export const CONTACT_PRICE_MINOR = 99
export const BOOST_PRICE_MINOR = 299

/** New contacts a reader may open per day (UTC), by plan. */
export const FREE_DAILY_REVEALS = 3
export const PREMIUM_DAILY_REVEALS = 30

/** Active saved-search alerts, by plan. */
export const FREE_MAX_ALERTS = 1
export const PREMIUM_MAX_ALERTS = 10

/** AI credits every account starts with. */
export const SIGNUP_AI_CREDITS = 3

/** Referral rewards: both sides at sign-up; the referrer again when the referee first pays. */
export const REFERRAL_SIGNUP_CREDITS = 3
export const REFERRAL_PREMIUM_DAYS = 7
/** How long after sign-up a referral code may still be entered. */
export const REFERRAL_SIGNUP_WINDOW_DAYS = 7
export const REFERRAL_LEADERBOARD_SIZE = 20

/** Euro amounts on the wire are decimals (4.99); the ledger keeps cents. */
export function eurOf(minor: number): number {
  return minor / 100
}
