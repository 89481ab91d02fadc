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

/** The refusal reason of an answer of POST /auth/telegram-login that is not a session. */
export function telegramRefusalOf(status: number, body: unknown): TelegramRefusalReason {
  const reason = (body as { error?: { details?: { reason?: unknown } } } | null)?.error?.details?.reason
  if (typeof reason === 'string' && (TELEGRAM_REFUSAL_REASONS as readonly string[]).includes(reason))
    return reason as TelegramRefusalReason
  if (status === 400) return 'missing_fields'
  if (status === 429) return 'rate_limited'
  return 'unavailable'
}
