import type { LocaleCode } from '../../../shared/locales.ts'
import { formatRent } from '../../../shared/money.ts'
import {
  eurOf,
  FREE_DAILY_REVEALS,
  FREE_MAX_ALERTS,
  PLANS,
  PREMIUM_DAILY_REVEALS,
  PREMIUM_FEATURES,
  PREMIUM_MAX_ALERTS,
} from '../../../shared/plans.ts'
import type { SubscriptionPlan, SubscriptionStatus } from '../../../shared/schemas/subscription.ts'
import { AppError } from '../../lib/errors.ts'
import type { Db } from '../db/client.ts'
import { subscriptionsRepo } from './subscriptions.repo.ts'
import { PLAN_TEXTS } from './plan-texts.ts'

const DAY_MS = 86_400_000

/** The start of the UTC day of `now`, and of the next: the daily reveals reset then. */
function utcDay(now: Date): { start: Date; next: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  return { start, next: new Date(start.getTime() + DAY_MS) }
}

/** Plans and the subscriber's status (docs/decisions/019-payments-ledger.md); buying goes through the payments ledger. */
export function subscriptionsService(db: Db) {
  const repo = subscriptionsRepo(db)

  return {
    /** GET /subscription-plans: the design's plans, named and priced for the reader (fa: IRR with Persian digits). */
    plans(language: LocaleCode): { plans: SubscriptionPlan[] } {
      return {
        plans: PLANS.map((plan, index) => ({
          id: index + 1,
          key: plan.key,
          name: PLAN_TEXTS[plan.key][language].name,
          description: PLAN_TEXTS[plan.key][language].description,
          duration_days: plan.durationDays,
          price_eur: eurOf(plan.priceMinor),
          price_display: formatRent(eurOf(plan.priceMinor), 'EUR', language),
          ai_credits: plan.aiCredits,
          free_boosts: plan.freeBoosts,
          features: { ...PREMIUM_FEATURES },
          is_popular: plan.isPopular,
        })),
      }
    },

    /** GET /subscription/status: premium read against the clock, so it ends on time without a job. */
    async status(userId: number, now = new Date()): Promise<SubscriptionStatus> {
      const user = await repo.allowances(userId)
      if (!user) throw new AppError('UNAUTHENTICATED')
      const periods = await repo.periods(userId)
      const day = utcDay(now)
      const used = await repo.dailyRevealsSince(userId, day.start)
      const at = (d: Date) => new Date(d).getTime()
      const current = user.is_premium
        ? periods.find((p) => at(p.starts_at) <= now.getTime() && at(p.ends_at) > now.getTime())
        : undefined
      return {
        is_premium: user.is_premium,
        premium_until: user.premium_until ? new Date(user.premium_until).toISOString() : null,
        current_plan: current?.plan_key ?? null,
        ai_credits: user.ai_credits,
        free_boosts: user.free_boosts,
        daily_reveals: {
          limit: user.is_premium ? PREMIUM_DAILY_REVEALS : FREE_DAILY_REVEALS,
          used,
          resets_at: day.next.toISOString(),
        },
        max_alerts: user.is_premium ? PREMIUM_MAX_ALERTS : FREE_MAX_ALERTS,
        subscription_history: periods.map((p) => ({
          plan: p.plan_key,
          source: p.source,
          start_date: new Date(p.starts_at).toISOString(),
          end_date: new Date(p.ends_at).toISOString(),
          status: at(p.ends_at) <= now.getTime() ? 'expired' : at(p.starts_at) > now.getTime() ? 'scheduled' : 'active',
        })),
      }
    },
  }
}
export type SubscriptionsService = ReturnType<typeof subscriptionsService>
