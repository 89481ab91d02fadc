import { useLingui } from '@lingui/react/macro'
import { formatNumber } from '../../../shared/money.ts'
import { AI_QUERY_MAX_LENGTH } from '../../../shared/ai-options.ts'
import { ApiError } from '../../lib/api/call.ts'
import { useLocale } from '../../lib/locale.ts'

/** No credit was left (402 INSUFFICIENT_CREDITS): the panel shows the upgrade link instead of an error. */
export const isOutOfCredits = (err: unknown): boolean => err instanceof ApiError && err.code === 'INSUFFICIENT_CREDITS'

/** A failed AI search in the reader's language; a failed search gives its credit back (docs/decisions/021-ai-search-and-credits.md). */
export function useAiSearchErrorText(): (err: unknown) => string {
  const { t } = useLingui()
  const max = formatNumber(AI_QUERY_MAX_LENGTH, useLocale())
  return (err) => {
    if (err instanceof ApiError && err.code === 'NETWORK_ERROR') return t`No connection. Please try again.`
    if (err instanceof ApiError && err.code === 'RATE_LIMITED')
      return t`Too many searches in a short time. Wait a moment and try again.`
    if (err instanceof ApiError && err.code === 'VALIDATION_ERROR')
      return t`This search could not be read. Describe it in fewer words (at most ${max} characters).`
    return t`The AI search is not available right now. No credit was used; please try again in a moment.`
  }
}
