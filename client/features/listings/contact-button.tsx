import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useLocation } from 'react-router'
import { formatDate } from '../../../shared/dates.ts'
import { formatRent } from '../../../shared/money.ts'
import { CONTACT_PRICE_MINOR, eurOf } from '../../../shared/plans.ts'
import { AppLink } from '../../components/app-link.tsx'
import { ErrorLine } from '../../components/error-line.tsx'
import { listingsApi } from '../../lib/api/listings.ts'
import { paymentsApi } from '../../lib/api/payments.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { ApiError } from '../../lib/api/call.ts'
import type { ContactAccess } from '../../lib/api/listings.ts'
import { useShell } from '../../lib/context.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { useCheckout, usePaymentErrorText } from '../checkout/use-checkout.ts'

type State =
  | { kind: 'idle' }
  | { kind: 'open'; phone: string; rateLimit: ContactAccess['rateLimit'] | null }
  | { kind: 'pay' }
  | { kind: 'limit'; resetsAt: string | null }

/**
 * "Show contact" for a reader of someone else's listing: opens the owner's phone (it stays open),
 * with the reveals left today; a free reader out of reveals may pay for this one; a premium reader
 * out of reveals is told when they come back. Without a session it leads to sign-in and back.
 */
export function ContactButton({ listingId, contact }: { listingId: number; contact: string | null }) {
  const { t } = useLingui()
  const { hasSession } = useShell()
  const locale = useLocale()
  const to = useLocalePath()
  const location = useLocation()
  const checkout = useCheckout()
  const paymentError = usePaymentErrorText()
  // a contact the reader opened before comes with the listing, and stays open
  const [state, setState] = useState<State>(
    contact === null ? { kind: 'idle' } : { kind: 'open', phone: contact, rateLimit: null },
  )
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const price = formatRent(eurOf(CONTACT_PRICE_MINOR), 'EUR', locale)

  if (!hasSession)
    return (
      <AppLink to={`${to('/auth')}?next=${encodeURIComponent(location.pathname)}`} className="button">
        <Trans>Show contact</Trans>
      </AppLink>
    )

  const reveal = async () => {
    setBusy(true)
    setError(null)
    try {
      const answer = await listingsApi(browserApi()).contact(listingId)
      if (answer.access === 'granted')
        setState({ kind: 'open', phone: answer.contactPhone, rateLimit: answer.rateLimit })
      else if (answer.access === 'payment_required') setState({ kind: 'pay' })
      else setState({ kind: 'limit', resetsAt: answer.resetsAt })
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setError(t`This listing has no contact to show.`)
      else setError(paymentError(err))
    } finally {
      setBusy(false)
    }
  }

  const pay = async () => {
    setBusy(true)
    setError(null)
    try {
      await checkout(`contact:${listingId}`, (language, key) =>
        paymentsApi(browserApi()).payContact(listingId, language, key),
      )
    } catch (err) {
      setError(paymentError(err))
      setBusy(false)
    }
  }

  if (state.kind === 'open') {
    const { phone, rateLimit } = state
    return (
      <div className="contact-reveal" role="status">
        <a className="button" href={`tel:${phone.replace(/[^\d+]/g, '')}`} dir="ltr">
          {phone}
        </a>
        {rateLimit && (
          <p className="hint">
            <Plural
              value={rateLimit.remainingAccesses}
              one="# new contact left today."
              other="# new contacts left today."
            />
          </p>
        )}
      </div>
    )
  }

  if (state.kind === 'pay')
    return (
      <div className="contact-reveal">
        <p className="hint" role="status">
          <Trans>You have used today's free contacts.</Trans>
        </p>
        <button type="button" className="button" disabled={busy} onClick={pay}>
          {busy ? t`Opening checkout…` : t`Pay ${price} to see this contact`}
        </button>
        <AppLink to={to('/pricing')} className="link-button">
          <Trans>Or go premium</Trans>
        </AppLink>
        <ErrorLine message={error} />
      </div>
    )

  if (state.kind === 'limit') {
    const when = state.resetsAt ? formatDate(state.resetsAt, locale) : ''
    return (
      <p className="alert" role="alert">
        {when ? (
          <Trans>You have reached today's contact limit. You can see new contacts again from {when}.</Trans>
        ) : (
          <Trans>You have reached today's contact limit. Please come back tomorrow.</Trans>
        )}
      </p>
    )
  }

  return (
    <>
      <button type="button" className="button" disabled={busy} onClick={reveal}>
        {busy ? t`Opening…` : t`Show contact`}
      </button>
      <ErrorLine message={error} />
    </>
  )
}
