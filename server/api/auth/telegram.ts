import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/** How old a Login Widget payload may be (at most 24 h). */
export const TELEGRAM_MAX_AGE_S = 24 * 60 * 60
/** Clock skew tolerated for an auth_date slightly ahead of ours. */
const FUTURE_SKEW_S = 60

/** What a refused Login Widget payload is told, by reason. */
export const TELEGRAM_REFUSALS = {
  missing_fields: 'Telegram login data is incomplete',
  bad_hash: 'Telegram login data is not signed by our bot',
  stale: 'Telegram login data is older than 24 hours',
  future: 'Telegram login data is dated in the future',
} as const

export type TelegramCheck = { ok: true } | { ok: false; reason: 'missing_fields' | 'bad_hash' | 'stale' | 'future' }

/**
 * Verifies Telegram Login Widget data (core.telegram.org/widgets/login#checking-authorization):
 * the data-check-string of every received field but `hash`, sorted and '\n'-joined, signed with
 * HMAC-SHA256 under SHA-256(bot token); compared in constant time after a length check.
 */
export function checkTelegramLogin(
  data: Record<string, unknown>,
  botToken: string,
  nowS = Math.floor(Date.now() / 1000),
): TelegramCheck {
  const hash = data.hash
  if (typeof hash !== 'string' || data.id === undefined || data.auth_date === undefined)
    return { ok: false, reason: 'missing_fields' }
  const checkString = Object.keys(data)
    .filter((key) => key !== 'hash' && data[key] !== undefined && data[key] !== null)
    .sort()
    .map((key) => `${key}=${String(data[key])}`)
    .join('\n')
  const secret = createHash('sha256').update(botToken).digest()
  const expected = createHmac('sha256', secret).update(checkString).digest('hex')
  const given = Buffer.from(hash.toLowerCase(), 'utf8')
  const wanted = Buffer.from(expected, 'utf8')
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return { ok: false, reason: 'bad_hash' }
  const authDate = Number(data.auth_date)
  if (!Number.isFinite(authDate)) return { ok: false, reason: 'missing_fields' }
  if (authDate > nowS + FUTURE_SKEW_S) return { ok: false, reason: 'future' }
  if (nowS - authDate > TELEGRAM_MAX_AGE_S) return { ok: false, reason: 'stale' }
  return { ok: true }
}
