import { Trans, useLingui } from '@lingui/react/macro'
import { formatDate } from '../../../shared/dates.ts'
import { formatNumber, formatRent } from '../../../shared/money.ts'
import type { Payment } from '../../lib/api/payments.ts'
import { useLocale } from '../../lib/locale.ts'

/** What a payment is for, in words: a plan, a listing's contact or a listing's boost. */
export function usePaymentTitle() {
  const { t } = useLingui()
  const locale = useLocale()
  return (payment: Payment): string => {
    const listing = payment.listingId === null ? '' : formatNumber(payment.listingId, locale)
    if (payment.kind === 'contact') return t`Contact of listing #${listing}`
    if (payment.kind === 'boost') return t`Boost of listing #${listing}`
    if (payment.planKey === 'monthly') return t`Premium, monthly plan`
    if (payment.planKey === 'quarterly') return t`Premium, quarterly plan`
    return t`Premium, yearly plan`
  }
}

/** The payment's lines: what, the discount and the amount (fa in rials), when. */
export function PaymentSummary({ payment }: { payment: Payment }) {
  const locale = useLocale()
  const title = usePaymentTitle()(payment)
  const amount = formatRent(payment.amountEur, 'EUR', locale)
  const discount = formatRent(payment.discountEur, 'EUR', locale)
  const code = payment.couponCode
  return (
    <dl className="facts payment-summary">
      <div>
        <dt>
          <Trans>For</Trans>
        </dt>
        <dd>{title}</dd>
      </div>
      {payment.discountEur > 0 && (
        <div>
          <dt>
            <Trans>Discount</Trans>
          </dt>
          <dd>
            <bdi>{discount}</bdi> {code && <bdi dir="ltr">({code})</bdi>}
          </dd>
        </div>
      )}
      <div>
        <dt>
          <Trans>Amount</Trans>
        </dt>
        <dd className="payment-amount">
          <bdi>{amount}</bdi>
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Created</Trans>
        </dt>
        <dd>
          <time dateTime={payment.createdAt}>{formatDate(payment.createdAt, locale)}</time>
        </dd>
      </div>
    </dl>
  )
}
