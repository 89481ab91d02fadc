import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { formatDate } from '../../../shared/dates.ts'
import { formatRent } from '../../../shared/money.ts'
import { BOOST_PRICE_MINOR, eurOf } from '../../../shared/plans.ts'
import { ErrorLine } from '../../components/error-line.tsx'
import { ownListingsApi } from '../../lib/api/own-listings.ts'
import { paymentsApi } from '../../lib/api/payments.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { useLocale } from '../../lib/locale.ts'
import { useCheckout, usePaymentErrorText } from '../checkout/use-checkout.ts'

/**
 * "Boost" on the owner's active listing: a free boost when one is left, else "Boost for €2.99" and
 * its checkout. A boost in the future is shown as "Boosted until …" (boosting again adds the days).
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
  const [until, setUntil] = useState(boostUntil)
  const [boosted, setBoosted] = useState(isBoosted && boostUntil !== null)
  const [freeLeft, setFreeLeft] = useState<number | null>(null)
  const [mustPay, setMustPay] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const price = formatRent(eurOf(BOOST_PRICE_MINOR), 'EUR', locale)
  const untilText = until ? formatDate(until, locale) : ''

  const boost = async () => {
    setBusy(true)
    setError(null)
    try {
      const answer = await ownListingsApi(browserApi()).boost(listingId)
      if (!answer.boosted) {
        setMustPay(true)
        return
      }
      setUntil(answer.boostUntil)
      setBoosted(true)
      setFreeLeft(answer.freeBoosts)
    } catch (err) {
      setError(paymentError(err))
    } finally {
      setBusy(false)
    }
  }

  const pay = async () => {
    setBusy(true)
    setError(null)
    try {
      await checkout(`boost:${listingId}`, (language, key) =>
        paymentsApi(browserApi()).payBoost(listingId, language, key),
      )
    } catch (err) {
      setError(paymentError(err))
      setBusy(false)
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
        <button type="button" className="button button-small button-ghost" disabled={busy} onClick={boost}>
          {boosted ? t`Boost again` : t`Boost`}
        </button>
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
