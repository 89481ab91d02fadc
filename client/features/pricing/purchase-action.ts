import { type ActionFunctionArgs } from 'react-router'
import type { PlanKey } from '../../../shared/plans.ts'
import { subscriptionsApi } from '../../lib/api/subscriptions.ts'
import { apiContext, localeContext } from '../../lib/context.ts'
import { signedIn } from '../auth/signed-in.ts'
import { openCheckout } from '../checkout/checkout-action.ts'

/** The checkout attempt of a plan with its coupon (checkout-action.ts). */
export const planCheckout = (plan: string, coupon: string) => `plan:${plan}:${coupon}`

/** The coupon a plan's checkout attempt was sent with (to show it again with a refusal). */
export const couponOf = (checkout: string) => checkout.split(':').slice(2).join(':')

/**
 * The pricing page's action: "Buy" names its plan (`plan`), the coupon field goes with it (`coupon`),
 * and the answer is a redirect to the plan's checkout, or the page with the refusal (an unknown plan,
 * a coupon that cannot be used for it). A form, so buying works without JavaScript too
 * (docs/decisions/041-forms-without-javascript.md).
 */
export const action = signedIn(async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const plan = String(form.get('plan') ?? '')
  const coupon = String(form.get('coupon') ?? '').trim()
  const api = context.get(apiContext)
  // an unknown plan goes to the API as it came, which refuses it as a field (400)
  return openCheckout(request, form, planCheckout(plan, coupon), context.get(localeContext), (language, key) =>
    subscriptionsApi(api).purchase(
      { plan_key: plan as PlanKey, ...(coupon && { coupon_code: coupon }) },
      language,
      key,
    ),
  )
})
