import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { Form, useActionData, useLoaderData, useLocation, useNavigation, type LoaderFunctionArgs } from 'react-router'
import { formatNumber } from '../../../shared/money.ts'
import {
  FREE_DAILY_REVEALS,
  FREE_MAX_ALERTS,
  PREMIUM_DAILY_REVEALS,
  PREMIUM_MAX_ALERTS,
  SIGNUP_AI_CREDITS,
  type PlanKey,
} from '../../../shared/plans.ts'
import { AppLink } from '../../components/app-link.tsx'
import { CodeEntry, type CodeOutcome } from '../../components/code-entry.tsx'
import { ErrorLine } from '../../components/error-line.tsx'
import { PageHead } from '../../components/page-head.tsx'
import { asApiError } from '../../lib/action-failure.ts'
import { couponsApi } from '../../lib/api/coupons.ts'
import { errorReasonOf } from '../../lib/api/call.ts'
import { subscriptionsApi } from '../../lib/api/subscriptions.ts'
import { browserApi } from '../../lib/api/browser.ts'
import type { CouponInfo } from '../../lib/api/coupons.ts'
import type { SubscriptionPlan } from '../../lib/api/subscriptions.ts'
import { apiContext, localeContext, useShell } from '../../lib/context.ts'
import { useHydrated } from '../../lib/hydrated.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import type { CheckoutRefused } from '../checkout/checkout-action.ts'
import { signInPath } from '../auth/sign-in-path.ts'
import { usePaymentErrorText } from '../checkout/use-checkout.ts'
import { useCouponText } from '../subscription/coupon-text.ts'
import { PricingFaq } from './pricing-faq.tsx'

import { couponOf } from './purchase-action.ts'

export { action } from './purchase-action.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const plans = await subscriptionsApi(context.get(apiContext)).plans(context.get(localeContext), request.signal)
  const chosen = new URL(request.url).searchParams.get('plan')
  return { plans, chosen: plans.some((plan) => plan.key === chosen) ? (chosen as PlanKey) : null }
}

/** What a plan gives, in the reader's digits; the limits come from shared/plans.ts. */
function PlanFeatures({ plan }: { plan: SubscriptionPlan | null }) {
  const locale = useLocale()
  const n = (value: number) => formatNumber(value, locale)
  if (!plan) {
    const reveals = FREE_DAILY_REVEALS
    const alerts = FREE_MAX_ALERTS
    return (
      <ul className="plan-features">
        <li>
          <Plural value={reveals} one="# contact reveal a day" other="# contact reveals a day" />
        </li>
        <li>
          <Plural value={alerts} one="# saved-search alert" other="# saved-search alerts" />
        </li>
        <li>
          <Plural value={SIGNUP_AI_CREDITS} one="# AI credit to start" other="# AI credits to start" />
        </li>
      </ul>
    )
  }
  const reveals = PREMIUM_DAILY_REVEALS
  const alerts = PREMIUM_MAX_ALERTS
  const boosts = n(plan.freeBoosts)
  return (
    <ul className="plan-features">
      <li>
        <Plural value={plan.durationDays} one="# day of premium" other="# days of premium" />
      </li>
      {plan.features.contactAccess && (
        <li>
          <Plural value={reveals} one="# contact reveal a day" other="# contact reveals a day" />
        </li>
      )}
      {plan.features.alerts && (
        <li>
          <Plural value={alerts} one="# saved-search alert" other="# saved-search alerts" />
        </li>
      )}
      {plan.features.aiAnalysis && (
        <li>
          <Plural
            value={plan.aiCredits}
            one="# AI credit for search and analysis"
            other="# AI credits for search and analysis"
          />
        </li>
      )}
      <li>
        <Trans>Free listing boosts: {boosts}</Trans>
      </li>
    </ul>
  )
}

/**
 * /pricing: the free tier and the three plans, a coupon, and Buy (through sign-in and back when needed).
 * "Buy" is a submit button of one form with the coupon (purchase-action.ts): with the app the coupon is
 * checked first and its discount shown; without it the coupon is a plain field sent with the plan.
 */
export function Component() {
  const { plans, chosen } = useLoaderData<typeof loader>()
  const { hasSession } = useShell()
  const { t } = useLingui()
  const to = useLocalePath()
  const locale = useLocale()
  const location = useLocation()
  const paymentError = usePaymentErrorText()
  const coupons = useCouponText()
  const hydrated = useHydrated()
  const formId = useId()
  const refused = useActionData() as CheckoutRefused | undefined
  const navigation = useNavigation()
  const buying = navigation.state !== 'idle' ? navigation.formData?.get('plan') : null
  const [coupon, setCoupon] = useState<CouponInfo | null>(null)
  const refusal = asApiError(refused?.failure)
  const error = refusal ? (errorReasonOf(refusal) ? coupons.failureText(refusal) : paymentError(refusal)) : null

  const validate = async (code: string): Promise<CodeOutcome> => {
    setCoupon(null)
    try {
      const answer = await couponsApi(browserApi()).validate(code)
      if (!answer.valid || !answer.coupon) return { ok: false, message: coupons.reasonText(answer.reason) }
      const discount = coupons.discountText(answer.coupon)
      if (!discount)
        return {
          ok: true,
          message: (
            <>
              <Trans>This coupon gives you extras rather than a discount.</Trans>{' '}
              <AppLink to={to('/dashboard/subscription')}>
                <Trans>Redeem it on your subscription page</Trans>
              </AppLink>
            </>
          ),
        }
      setCoupon(answer.coupon)
      return { ok: true, message: t`Coupon applied: ${discount}. The final price is shown at checkout.` }
    } catch (err) {
      return { ok: false, message: coupons.failureText(err) }
    }
  }

  const signInFor = (plan: PlanKey) => signInPath(locale, `${location.pathname}?plan=${plan}`)

  return (
    <section className="container pricing-page" aria-labelledby="pricing-title">
      <PageHead
        title={t`Pricing`}
        description={t`Premium plans for Khaneh: more contact reveals, alerts, AI credits and listing boosts.`}
      />
      <header className="pricing-head">
        <h1 id="pricing-title">
          <Trans>Choose your plan</Trans>
        </h1>
        <p className="hero-lead">
          <Trans>Premium opens more contacts, alerts and AI help. No subscription renews by itself.</Trans>
        </p>
      </header>

      <Form method="post" id={formId} className="plan-grid">
        {refused && <input type="hidden" name="attempt" value={refused.attempt} />}
        {hydrated && coupon && <input type="hidden" name="coupon" value={coupon.code} />}
        <article className="plan-card" aria-labelledby="plan-free">
          <h2 id="plan-free">
            <Trans>Free</Trans>
          </h2>
          <p className="plan-price">{t`Free`}</p>
          <PlanFeatures plan={null} />
        </article>
        {plans.map((plan) => {
          const discounted = coupon && (coupon.planKeys === null || coupon.planKeys.includes(plan.key))
          const discount = discounted ? coupons.discountText(coupon) : null
          return (
            <article
              key={plan.key}
              className={`plan-card${plan.isPopular ? ' plan-popular' : ''}${chosen === plan.key ? ' plan-chosen' : ''}`}
              aria-labelledby={`plan-${plan.key}`}
            >
              {plan.isPopular && (
                <span className="badge plan-badge">
                  <Trans>Most popular</Trans>
                </span>
              )}
              <h2 id={`plan-${plan.key}`}>{plan.name}</h2>
              <p className="plan-price">
                <bdi>{plan.priceDisplay}</bdi>
              </p>
              {discount && <p className="plan-discount">{discount}</p>}
              <p className="hint">{plan.description}</p>
              <PlanFeatures plan={plan} />
              {hasSession ? (
                <button
                  type="submit"
                  name="plan"
                  value={plan.key}
                  className="button"
                  disabled={Boolean(buying)}
                  aria-describedby={`plan-${plan.key}`}
                >
                  {buying === plan.key ? t`Opening checkout…` : t`Buy ${plan.name}`}
                </button>
              ) : (
                <AppLink className="button" to={signInFor(plan.key)}>
                  <Trans>Sign in to buy</Trans>
                </AppLink>
              )}
            </article>
          )
        })}
      </Form>
      <ErrorLine message={error} />

      <div className="pricing-coupon">
        {hasSession && hydrated ? (
          <CodeEntry label={t`Coupon code`} submitLabel={t`Apply`} onSubmit={validate} />
        ) : hasSession ? (
          <div className="code-entry">
            <label htmlFor={`${formId}-coupon`}>{t`Coupon code`}</label>
            <input
              id={`${formId}-coupon`}
              name="coupon"
              form={formId}
              dir="ltr"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              defaultValue={refused ? couponOf(refused.checkout) : ''}
              aria-describedby={`${formId}-coupon-hint`}
            />
            <p id={`${formId}-coupon-hint`} className="hint">
              <Trans>Type the code here, then press Buy on a plan above: the discount is taken at checkout.</Trans>
            </p>
          </div>
        ) : (
          <p className="hint">
            <Trans>Have a coupon? Sign in to use it.</Trans>
          </p>
        )}
      </div>

      <PricingFaq />
    </section>
  )
}
