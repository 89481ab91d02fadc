import { useLingui } from '@lingui/react/macro'
import { ApiError } from '../../lib/api/call.ts'

/** Why an analysis or comparison gave no answer, as the page explains it. */
export type AiProblem = 'no_credits' | 'not_found' | 'invalid' | 'busy' | 'network' | 'failed'

/** The problem of a failed analysis or comparison, by the error's code (docs/decisions/013-error-envelope-and-codes.md). */
export function aiProblemOf(err: unknown): AiProblem {
  if (!(err instanceof ApiError)) return 'failed'
  if (err.code === 'INSUFFICIENT_CREDITS') return 'no_credits'
  if (err.code === 'NOT_FOUND') return 'not_found'
  if (err.code === 'VALIDATION_ERROR') return 'invalid'
  if (err.code === 'RATE_LIMITED') return 'busy'
  if (err.code === 'NETWORK_ERROR') return 'network'
  return 'failed'
}

/** The translated line for a problem other than running out of credits (that one has its own panel: NoCredits). */
export function useAiProblemText(): (problem: AiProblem) => string {
  const { t } = useLingui()
  return (problem) => {
    if (problem === 'no_credits') return t`You have no AI credits left.`
    if (problem === 'not_found') return t`This listing is no longer available.`
    if (problem === 'invalid') return t`Choose two different listings to compare.`
    if (problem === 'busy') return t`Too many requests. Please wait a moment and try again.`
    if (problem === 'network') return t`No connection. Please try again.`
    return t`The AI check did not work this time. No credit was used; please try again.`
  }
}
