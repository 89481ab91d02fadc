import { useLingui } from '@lingui/react/macro'
import { errorCodeOf } from '../../lib/api/call.ts'

/**
 * Where the browser goes for a checkout: an address of our own (the sandbox's page, already in the
 * language the call named) through the router, any other (the provider's hosted page) as it is.
 */
export function checkoutTarget(checkoutUrl: string, origin: string): { path: string } | { href: string } {
  const url = new URL(checkoutUrl, origin)
  if (url.origin !== origin) return { href: url.href }
  return { path: `${url.pathname}${url.search}` }
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
