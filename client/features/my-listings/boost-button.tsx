import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useActionData, useFetcher } from 'react-router'
import { formatDate } from '../../../shared/dates.ts'
import { formatRent } from '../../../shared/money.ts'
import { BOOST_PRICE_MINOR, eurOf } from '../../../shared/plans.ts'
import { ErrorLine } from '../../components/error-line.tsx'
import { asApiError } from '../../lib/action-failure.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { useCheckout, usePaymentErrorText } from '../checkout/use-checkout.ts'
import type { BoostActed } from './boost-action.ts'
import { paymentsApi } from '../../lib/api/payments.ts'

/**
 * "Boost" on the owner's active listing: a free boost when one is left, else "Boost for €2.99" and
 * its checkout. A boost in the future is shown as "Boosted until …" (boosting again adds the days).
 * "Boost" is a form of the owner's listings page's action (boost-action.ts), wherever it is shown, so a
 * free boost works without JavaScript (it then comes back on that page); paying needs the app.
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
  const checkout = useCheckout()
  const paymentError = usePaymentErrorText()
  const to = useLocalePath()
  const fetcher = useFetcher<BoostActed>()
  // without the app the form comes back as the owner's listings page, whose action answered it
  const routeActed = useActionData() as Partial<BoostActed> | undefined
  const fromPage =
    routeActed?.intent === 'boost' && routeActed.listing === listingId ? (routeActed as BoostActed) : null
  const acted = fetcher.data ?? fromPage
  const used = acted?.answer?.boosted ? acted.answer : null
  const until = used ? used.boostUntil : boostUntil
  const boosted = used !== null || (isBoosted && boostUntil !== null)
  const freeLeft = used ? used.freeBoosts : null
  const mustPay = acted?.answer?.boosted === false
  const [paying, setPaying] = useState(false)
  const [payError, setPayError] = useState<string | null>(null)
  const refusal = asApiError(acted?.failure)
  const error = payError ?? (refusal ? paymentError(refusal) : null)
  const busy = paying || fetcher.state !== 'idle'
  const price = formatRent(eurOf(BOOST_PRICE_MINOR), 'EUR', locale)
  const untilText = until ? formatDate(until, locale) : ''

  const pay = async () => {
    setPaying(true)
    setPayError(null)
    try {
      await checkout(`boost:${listingId}`, (language, key) =>
        paymentsApi(browserApi()).payBoost(listingId, language, key),
      )
    } catch (err) {
      setPayError(paymentError(err))
      setPaying(false)
    }
  }

  return (
    <span className="boost-control">
      {boosted && (
        <span className="badge badge-boost">
          <Trans>Boosted until {untilText}</Trans>
        </span>
      )}
      {mustPay ? (
        <button type="button" className="button button-small" disabled={busy} onClick={pay}>
          {busy ? t`Opening checkout…` : t`Boost for ${price}`}
        </button>
      ) : (
        <fetcher.Form method="post" action={to('/dashboard/listings')} className="inline-form">
          <input type="hidden" name="listing" value={listingId} />
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
