import type { LocaleCode } from '../../../shared/locales.ts'
import type { PlanKey } from '../../../shared/plans.ts'
import { query, type Answer, type Api } from './call.ts'
import { idempotent } from './payments.ts'

export type SubscriptionPlan = Answer<'SubscriptionPlanSchema'>
export type SubscriptionStatus = Answer<'SubscriptionStatusSchema'>
export type Checkout = Answer<'CheckoutSchema'>

/** Plans (anyone) and the signed-in user's premium status and purchases. */
export const subscriptionsApi = ({ call }: Api) => ({
  plans: async (language: LocaleCode, signal?: AbortSignal) =>
    (await call('SubscriptionPlansSchema', `/subscription-plans${query({ language })}`, { signal })).plans,
  status: (signal?: AbortSignal) => call('SubscriptionStatusSchema', '/subscription/status', { signal }),
  /** One purchase attempt is one `idempotencyKey`: a retry of the same attempt sends the same key. The checkout comes back in `language`. */
  purchase: (body: { plan_key: PlanKey; coupon_code?: string }, language: LocaleCode, idempotencyKey: string) =>
    call('CheckoutSchema', `/subscription/purchase${query({ language })}`, {
      method: 'POST',
      body,
      headers: idempotent(idempotencyKey),
    }),
})
