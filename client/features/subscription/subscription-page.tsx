import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router'
import { formatDate } from '../../../shared/dates.ts'
import { formatNumber } from '../../../shared/money.ts'
import { CodeEntry, type CodeOutcome } from '../../components/code-entry.tsx'
import { PageHead } from '../../components/page-head.tsx'
import { browserApi } from '../../lib/api/browser.ts'
import { errorReasonOf } from '../../lib/api/call.ts'
import { apiContext } from '../../lib/context.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { signedIn } from '../auth/signed-in.ts'
import { useCouponText } from './coupon-text.ts'
import { couponsApi } from '../../lib/api/coupons.ts'
import { subscriptionsApi } from '../../lib/api/subscriptions.ts'

export const loader = signedIn(async function loader({ request, context }: LoaderFunctionArgs) {
  return { status: await subscriptionsApi(context.get(apiContext)).status(request.signal) }
})

const PLAN_LABELS: Record<string, MessageDescriptor> = {
  monthly: msg`Monthly`,
  quarterly: msg`Quarterly`,
  yearly: msg`Yearly`,
}
const SOURCES = {
  payment: msg`Payment`,
  coupon: msg`Coupon`,
  referral: msg`Referral reward`,
} satisfies Record<string, MessageDescriptor>
const PERIOD_STATUSES = {
  active: msg`Active`,
  scheduled: msg`Scheduled`,
  expired: msg`Ended`,
} satisfies Record<string, MessageDescriptor>

/** /dashboard/subscription: premium until when, credits, boosts, today's reveals, the history, renew and redeem. */
export function Component() {
  const { status } = useLoaderData<typeof loader>()
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const to = useLocalePath()
  const revalidator = useRevalidator()
  const coupons = useCouponText()
  const n = (value: number) => formatNumber(value, locale)
  const until = status.premiumUntil ? formatDate(status.premiumUntil, locale) : ''
  const credits = n(status.aiCredits)
  const boosts = n(status.freeBoosts)
  const used = n(status.dailyReveals.used)
  const limit = n(status.dailyReveals.limit)
  const resets = formatDate(status.dailyReveals.resetsAt, locale)

  const redeem = async (code: string): Promise<CodeOutcome> => {
    try {
      const { granted } = await couponsApi(browserApi()).redeem(code)
      await revalidator.revalidate()
      const parts = [
        granted.premiumDays > 0 &&
          t({ message: plural(granted.premiumDays, { one: '# day of premium', other: '# days of premium' }) }),
        granted.aiCredits > 0 &&
          t({ message: plural(granted.aiCredits, { one: '# AI credit', other: '# AI credits' }) }),
        granted.freeBoosts > 0 &&
          t({ message: plural(granted.freeBoosts, { one: '# free boost', other: '# free boosts' }) }),
      ].filter(Boolean)
      const what = parts.join(' · ')
      return { ok: true, message: t`Coupon redeemed: ${what}.` }
    } catch (err) {
      if (errorReasonOf(err) === 'applies_at_purchase')
        return { ok: false, message: t`This coupon is a discount: use it on the pricing page when you buy a plan.` }
      return { ok: false, message: coupons.failureText(err) }
    }
  }

  return (
    <section className="subscription-page" aria-labelledby="subscription-title">
      <PageHead title={t`Subscription`} noindex />
      <h1 id="subscription-title">
        <Trans>Subscription</Trans>
      </h1>
      <div className="summary-grid">
        <article className="summary-card">
          <h2>
            <Trans>Plan</Trans>
          </h2>
          <p className="summary-figure">{status.isPremium ? t`Premium` : t`Free`}</p>
          {status.isPremium ? (
            <p className="hint">
              <Trans>Premium until {until}</Trans>
            </p>
          ) : (
            <p className="hint">
              <Trans>Premium opens more contacts, alerts and AI help.</Trans>
            </p>
          )}
          <div className="summary-actions">
            <Link className="button button-small" to={to('/pricing')}>
              {status.isPremium ? t`Renew` : t`See plans`}
            </Link>
          </div>
        </article>
        <article className="summary-card">
          <h2>
            <Trans>AI credits</Trans>
          </h2>
          <p className="summary-figure">{credits}</p>
        </article>
        <article className="summary-card">
          <h2>
            <Trans>Free boosts</Trans>
          </h2>
          <p className="summary-figure">{boosts}</p>
          <p className="hint">
            <Trans>Use them on your listings to show them first in search.</Trans>
          </p>
        </article>
        <article className="summary-card">
          <h2>
            <Trans>Contacts today</Trans>
          </h2>
          <p className="summary-figure">
            <Trans>
              {used} of {limit}
            </Trans>
          </p>
          <p className="hint">
            <Trans>
              New reveals again from {resets}.{' '}
              <Plural value={status.maxAlerts} one="Up to # saved-search alert." other="Up to # saved-search alerts." />
            </Trans>
          </p>
        </article>
      </div>

      <section className="subscription-section" aria-labelledby="redeem-title">
        <h2 id="redeem-title">
          <Trans>Redeem a coupon</Trans>
        </h2>
        <CodeEntry
          label={t`Coupon code`}
          submitLabel={t`Redeem`}
          onSubmit={redeem}
          hint={t`Coupons can give premium days, AI credits or free boosts. Discount coupons are used when you buy a plan.`}
        />
      </section>

      <section className="subscription-section" aria-labelledby="history-title">
        <h2 id="history-title">
          <Trans>History</Trans>
        </h2>
        {status.subscriptionHistory.length === 0 ? (
          <p className="empty-state">
            <Trans>No premium periods yet.</Trans>
          </p>
        ) : (
          <div className="table-scroll">
            <table className="history-table">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Plan</Trans>
                  </th>
                  <th scope="col">
                    <Trans>From</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Until</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Source</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Status</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {status.subscriptionHistory.map((period) => (
                  <tr key={`${period.startDate}:${period.endDate}:${period.source}`}>
                    <td>{PLAN_LABELS[period.plan] ? i18n._(PLAN_LABELS[period.plan]!) : period.plan}</td>
                    <td>{formatDate(period.startDate, locale)}</td>
                    <td>{formatDate(period.endDate, locale)}</td>
                    <td>{i18n._(SOURCES[period.source])}</td>
                    <td>{i18n._(PERIOD_STATUSES[period.status])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </section>
  )
}
