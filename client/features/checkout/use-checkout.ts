import { useLingui } from '@lingui/react/macro'
import { useRef } from 'react'
import { useNavigate } from 'react-router'
import type { LocaleCode } from '../../../shared/locales.ts'
import { errorCodeOf } from '../../lib/api/call.ts'
import type { Checkout } from '../../lib/api/subscriptions.ts'
import { useLocale } from '../../lib/locale.ts'

/**
 * Where the browser goes for a checkout: an address of our own (the sandbox's page, already in the
 * language the call named) through the router, any other (the provider's hosted page) as it is.
 */
export function checkoutTarget(checkoutUrl: string, origin: string): { path: string } | { href: string } {
  const url = new URL(checkoutUrl, origin)
  if (url.origin !== origin) return { href: url.href }
  return { path: `${url.pathname}${url.search}` }
}

/**
 * Starts a payment and goes to its checkout. One purchase attempt (the same `attempt` text: what is
 * bought, with which coupon) is one Idempotency-Key, made once with crypto.randomUUID and sent again
 * when that attempt is retried, so a double click or a retry after a lost answer is still one payment.
 */
export function useCheckout() {
  const navigate = useNavigate()
  const locale = useLocale()
  const current = useRef<{ attempt: string; key: string } | null>(null)
  return async (attempt: string, start: (language: LocaleCode, idempotencyKey: string) => Promise<Checkout>) => {
    if (current.current?.attempt !== attempt) current.current = { attempt, key: crypto.randomUUID() }
    const checkout = await start(locale, current.current.key)
    const target = checkoutTarget(checkout.checkoutUrl, window.location.origin)
    if ('href' in target) window.location.assign(target.href)
    else await navigate(target.path)
  }
}

/** The translated line for a failed payment call: branches on the code (docs/decisions/013-error-envelope-and-codes.md). */
export function usePaymentErrorText() {
  const { t } = useLingui()
  return (err: unknown): string => {
    const code = errorCodeOf(err)
    if (code === 'NETWORK_ERROR') return t`Network error. Please check your connection.`
    if (code === 'UPSTREAM_UNAVAILABLE' || code === 'SERVICE_UNAVAILABLE' || code === 'UPSTREAM_TIMEOUT')
      return t`Payments are unavailable right now. Please try again in a few minutes.`
    if (code === 'NOT_FOUND') return t`This payment was not found.`
    if (code === 'CONFLICT') return t`This payment has already been completed or cancelled.`
    return t`That did not work. Please reload the page and try again.`
  }
}
