import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { useLoaderData, useLocation, useRevalidator } from 'react-router'
import { formatDate } from '../../../shared/dates.ts'
import { listingPath } from '../../../shared/seo.ts'
import { AppLink } from '../../components/app-link.tsx'
import { PageHead } from '../../components/page-head.tsx'
import type { Payment } from '../../lib/api/payments.ts'
import { useHydrated } from '../../lib/hydrated.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { loadPayment } from './payment-loader.ts'
import { PaymentSummary } from './payment-summary.tsx'

export const loader = loadPayment

/** How often, and how many times, a pending payment is read again before the page offers a reload. */
const POLL_MS = 2000
const POLLS = 5

/** Where a payer goes after a payment: the subscription, or the listing it was for. */
function Onward({ payment }: { payment: Payment }) {
  const to = useLocalePath()
  if (payment.kind === 'subscription')
    return (
      <AppLink className="button" to={to('/dashboard/subscription')}>
        <Trans>Go to my subscription</Trans>
      </AppLink>
    )
  // a listing's one address is its slug's (an id address is not its canonical page)
  const listing = payment.listingSlug ? to(listingPath(payment.listingSlug)) : to('/listings')
  return (
    <>
      <AppLink className="button" to={listing}>
        <Trans>Back to the listing</Trans>
      </AppLink>
      {payment.kind === 'boost' && (
        <AppLink className="button button-ghost" to={to('/dashboard/listings')}>
          <Trans>My listings</Trans>
        </AppLink>
      )}
    </>
  )
}

/** /checkout/result/{id}: paid, cancelled or still pending (read again a few times, then a reload). */
export function Component() {
  const { payment } = useLoaderData<typeof loader>()
  const { t } = useLingui()
  const locale = useLocale()
  const to = useLocalePath()
  const revalidator = useRevalidator()
  const [polls, setPolls] = useState(0)
  const pending = payment.status === 'pending'
  // without the app nothing reads the payment again: the page offers the reload at once
  const polling = useHydrated() && polls < POLLS
  const here = useLocation()

  useEffect(() => {
    if (!pending || polls >= POLLS) return
    const timer = setTimeout(() => {
      setPolls((n) => n + 1)
      void revalidator.revalidate()
    }, POLL_MS)
    return () => clearTimeout(timer)
  }, [pending, polls, revalidator])

  const paidAt = payment.paidAt ? formatDate(payment.paidAt, locale) : ''
  return (
    <section className="container checkout-page" aria-labelledby="result-title" aria-live="polite">
      <PageHead title={t`Payment`} noindex />
      {payment.status === 'paid' && (
        <>
          <h1 id="result-title">
            <Trans>Payment received</Trans>
          </h1>
          <p className="notice">
            <Trans>Thank you. It is already active ({paidAt}).</Trans>
          </p>
        </>
      )}
      {(payment.status === 'cancelled' || payment.status === 'refunded') && (
        <>
          <h1 id="result-title">
            {payment.status === 'cancelled' ? <Trans>Payment cancelled</Trans> : <Trans>Payment refunded</Trans>}
          </h1>
          <p className="hint">
            {payment.status === 'cancelled' ? (
              <Trans>Nothing was charged for this payment.</Trans>
            ) : (
              <>
                <Trans>The amount was paid back to you.</Trans>{' '}
                {payment.refundReason === 'listing_not_active' && (
                  <Trans>The listing was no longer active when the payment arrived, so it was not boosted.</Trans>
                )}
                {payment.refundReason === 'contact_already_open' && (
                  <Trans>This contact was already open to you when the payment arrived.</Trans>
                )}
              </>
            )}
          </p>
        </>
      )}
      {pending && (
        <>
          <h1 id="result-title">
            <Trans>Waiting for the payment</Trans>
          </h1>
          {polling ? (
            <p className="hint">
              <Trans>We are checking with the payment provider…</Trans>
            </p>
          ) : (
            <p className="hint">
              <Trans>The payment is not confirmed yet. It can take a minute.</Trans>{' '}
              <a className="link-button" href={here.pathname}>
                <Trans>Reload</Trans>
              </a>
            </p>
          )}
        </>
      )}
      <PaymentSummary payment={payment} />
      <div className="checkout-actions">
        {payment.status === 'paid' ? (
          <Onward payment={payment} />
        ) : (
          payment.kind === 'subscription' && (
            <AppLink className="button button-ghost" to={to('/pricing')}>
              <Trans>Back to pricing</Trans>
            </AppLink>
          )
        )}
        {payment.status !== 'paid' && payment.kind !== 'subscription' && <Onward payment={payment} />}
      </div>
    </section>
  )
}
