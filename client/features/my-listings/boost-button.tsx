import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useActionData, useFetcher } from 'react-router'
import { formatDate } from '../../../shared/dates.ts'
import { formatRent } from '../../../shared/money.ts'
import { BOOST_PRICE_MINOR, eurOf } from '../../../shared/plans.ts'
import { ErrorLine } from '../../components/error-line.tsx'
import { asApiError } from '../../lib/action-failure.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { refusedCheckout, type CheckoutRefused } from '../checkout/checkout-action.ts'
import { usePaymentErrorText } from '../checkout/use-checkout.ts'
import { boostCheckout, type BoostActed } from './own-listing-action.ts'

/**
 * "Boost" on the owner's active listing: a free boost when one is left, else "Boost for €2.99" and
 * its checkout. A boost in the future is shown as "Boosted until …" (boosting again adds the days).
 * Both are forms of the owner's listings page's action (own-listing-action.ts), wherever they are shown,
 * so they work without JavaScript: a free boost comes back on that page, paying goes on to the checkout
 * (docs/decisions/041-forms-without-javascript.md).
 */
export function BoostButton({
  listingId,
  boostUntil,
  isBoosted,
}: {
  listingId: number
  boostUntil: string | null
  /** The API's word on whether boost_until still lies ahead. */
  isBoosted: boolean
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const paymentError = usePaymentErrorText()
  const to = useLocalePath()
  const fetcher = useFetcher<BoostActed | CheckoutRefused>()
  // without the app the form comes back as the owner's listings page, whose action answered it
  const routeActed = useActionData() as Partial<BoostActed> | undefined
  const fromPage =
    routeActed?.intent === 'boost' && routeActed.listing === listingId ? (routeActed as BoostActed) : null
  const refused =
    refusedCheckout(fetcher.data, boostCheckout(listingId)) ?? refusedCheckout(routeActed, boostCheckout(listingId))
  const acted = fetcher.data && 'intent' in fetcher.data ? fetcher.data : fromPage
  const used = acted?.answer?.boosted ? acted.answer : null
  const until = used ? used.boostUntil : boostUntil
  const boosted = used !== null || (isBoosted && boostUntil !== null)
  const freeLeft = used ? used.freeBoosts : null
  const mustPay = acted?.answer?.boosted === false || refused !== null
  const refusal = asApiError(refused?.failure ?? acted?.failure)
  const error = refusal ? paymentError(refusal) : null
  const busy = fetcher.state !== 'idle'
  const price = formatRent(eurOf(BOOST_PRICE_MINOR), 'EUR', locale)
  const untilText = until ? formatDate(until, locale) : ''

  return (
    <span className="boost-control">
      {boosted && (
        <span className="badge badge-boost">
          <Trans>Boosted until {untilText}</Trans>
        </span>
      )}
      {mustPay ? (
        <fetcher.Form method="post" action={to('/dashboard/listings')} className="inline-form">
          <input type="hidden" name="listing" value={listingId} />
          <input type="hidden" name="intent" value="pay-boost" />
          {refused && <input type="hidden" name="attempt" value={refused.attempt} />}
          <button type="submit" className="button button-small" disabled={busy}>
            {busy ? t`Opening checkout…` : t`Boost for ${price}`}
          </button>
        </fetcher.Form>
      ) : (
        <fetcher.Form method="post" action={to('/dashboard/listings')} className="inline-form">
          <input type="hidden" name="listing" value={listingId} />
          <input type="hidden" name="intent" value="boost" />
          <button type="submit" className="button button-small button-ghost" disabled={busy}>
            {boosted ? t`Boost again` : t`Boost`}
          </button>
        </fetcher.Form>
      )}
      {freeLeft !== null && (
        <span className="hint" role="status">
          <Plural value={freeLeft} one="# free boost left." other="# free boosts left." />
        </span>
      )}
      {mustPay && (
        <span className="hint" role="status">
          <Trans>You have no free boosts left.</Trans>
        </span>
      )}
      <ErrorLine message={error} />
    </span>
  )
}
