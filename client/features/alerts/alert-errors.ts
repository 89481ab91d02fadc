import { useLingui } from '@lingui/react/macro'
import { ApiError } from '../../lib/api/call.ts'

/** The plan's limit refused the change (403 ALERT_LIMIT_REACHED): the page shows the upgrade link. */
export const isLimitReached = (err: unknown): boolean => err instanceof ApiError && err.code === 'ALERT_LIMIT_REACHED'

/** A failed alert call in the reader's language. */
export function useAlertErrorText(): (err: unknown) => string {
  const { t } = useLingui()
  return (err) => {
    if (isLimitReached(err)) return t`Your plan’s alerts are all in use. Pause or delete one, or upgrade for more.`
    if (err instanceof ApiError && err.code === 'NOT_FOUND') return t`This alert no longer exists. Reload the page.`
    if (err instanceof ApiError && err.code === 'VALIDATION_ERROR')
      return t`Please check the name (1 to 100 characters).`
    if (err instanceof ApiError && err.code === 'NETWORK_ERROR') return t`No connection. Please try again.`
    return t`That did not work. Please try again.`
  }
}
