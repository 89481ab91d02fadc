import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Form, useActionData, useNavigation } from 'react-router'
import { formatDate } from '../../../shared/dates.ts'
import { formatRent } from '../../../shared/money.ts'
import { CONTACT_PRICE_MINOR, eurOf } from '../../../shared/plans.ts'
import { AppLink } from '../../components/app-link.tsx'
import { ErrorLine } from '../../components/error-line.tsx'
import { asApiError } from '../../lib/action-failure.ts'
import type { ContactAccess, ContactAnswer } from '../../lib/api/listings.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { refusedCheckout } from '../checkout/checkout-action.ts'
import { usePaymentErrorText } from '../checkout/use-checkout.ts'
import { contactCheckout, type ContactRevealed } from './contact-action.ts'
import type { ContactProps } from './contact-button.tsx'

type State =
  | { kind: 'idle' }
  | { kind: 'open'; phone: string; rateLimit: ContactAccess['rateLimit'] | null }
  | { kind: 'pay' }
  | { kind: 'limit'; resetsAt: string | null }

/** What the page shows for the API's answer to "Show contact". */
function stateOf(answer: ContactAnswer): State {
  if (answer.access === 'granted') return { kind: 'open', phone: answer.contactPhone, rateLimit: answer.rateLimit }
  if (answer.access === 'payment_required') return { kind: 'pay' }
  return { kind: 'limit', resetsAt: answer.resetsAt }
}

/**
 * "Show contact" for a signed-in reader of someone else's listing: opens the owner's phone (it stays
 * open), with the reveals left today; a free reader out of reveals may pay for this one; a premium
 * reader out of reveals is told when they come back. "Show contact" and paying for it are forms of the
 * listing page's action (contact-action.ts), so they work without JavaScript
 * (docs/decisions/041-forms-without-javascript.md). It comes on demand (contact-button.tsx).
 */
export function ContactReveal({ listingId, contact }: ContactProps) {
  const { t } = useLingui()
  const locale = useLocale()
  const to = useLocalePath()
  const paymentError = usePaymentErrorText()
  const acted = useActionData() as ContactRevealed | undefined
  const revealed = acted?.listing === listingId ? acted : undefined
  const refused = refusedCheckout(acted, contactCheckout(listingId))
  const busy = useNavigation().formData?.get('listing') === String(listingId)
  // a contact the reader opened before comes with the listing, and stays open
  const [state, setState] = useState<State>(
    refused
      ? { kind: 'pay' }
      : revealed?.answer
        ? stateOf(revealed.answer)
        : contact !== null
          ? { kind: 'open', phone: contact, rateLimit: null }
          : { kind: 'idle' },
  )
  // the action's answer, adjusted while rendering (as React advises)
  const [seen, setSeen] = useState(revealed)
  if (revealed !== seen) {
    setSeen(revealed)
    if (revealed?.answer) setState(stateOf(revealed.answer))
  }
  const payRefusal = asApiError(refused?.failure)
  const refusal = asApiError(revealed?.failure)
  const error = payRefusal
    ? paymentError(payRefusal)
    : refusal
      ? refusal.code === 'NOT_FOUND'
        ? t`This listing has no contact to show.`
        : paymentError(refusal)
      : null
  const price = formatRent(eurOf(CONTACT_PRICE_MINOR), 'EUR', locale)

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
        <Form method="post" preventScrollReset className="inline-form">
          <input type="hidden" name="listing" value={listingId} />
          <input type="hidden" name="intent" value="pay" />
          {refused && <input type="hidden" name="attempt" value={refused.attempt} />}
          <button type="submit" className="button" disabled={busy}>
            {busy ? t`Opening checkout…` : t`Pay ${price} to see this contact`}
          </button>
        </Form>
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
    <Form method="post" preventScrollReset className="inline-form">
      <input type="hidden" name="listing" value={listingId} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? t`Opening…` : t`Show contact`}
      </button>
      <ErrorLine message={error} />
    </Form>
  )
}
