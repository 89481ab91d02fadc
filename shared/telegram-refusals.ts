import type { ApiErrorBody } from './schemas/errors.ts'

/** Why a Telegram sign-in was refused, as the sign-in page's `reason` tells it. */
export const TELEGRAM_REFUSAL_REASONS = [
  'bad_hash',
  'stale',
  'future',
  'replayed',
  'missing_fields',
  'rate_limited',
  'unavailable',
] as const
export type TelegramRefusalReason = (typeof TELEGRAM_REFUSAL_REASONS)[number]

/** The refusal reason of a failed POST /auth/telegram-login, from its error (none: the API did not answer in the envelope). */
export function telegramRefusalOf(error: Pick<ApiErrorBody, 'code' | 'details'> | undefined): TelegramRefusalReason {
  const reason = error?.details && !Array.isArray(error.details) ? error.details.reason : undefined
  const known = TELEGRAM_REFUSAL_REASONS.find((r) => r === reason)
  if (known) return known
  if (error?.code === 'VALIDATION_ERROR') return 'missing_fields'
  if (error?.code === 'RATE_LIMITED') return 'rate_limited'
  return 'unavailable'
}
