import { DEFAULT_LOCALE, localizePath, isLocaleCode } from '../../../shared/locales.ts'
import type { NotificationPayload, NotificationSender, SendResult } from './notifier.ts'

export interface TelegramNotifierOptions {
  /** TELEGRAM_API_BASE (https://api.telegram.org, or a fake on loopback in tests). */
  apiBase: string
  /** TELEGRAM_BOT_TOKEN: the sign-in bot writes to users who signed in with it. */
  botToken: string
  /** PUBLIC_BASE_URL: the listing link is absolute. */
  publicBaseUrl: string
  timeoutMs?: number
}

/** The message: title, price, city and a link — never the contact (it is not in the payload). */
export function telegramText(payload: NotificationPayload, publicBaseUrl: string): string {
  const language = isLocaleCode(payload.language) ? payload.language : DEFAULT_LOCALE
  const link = new URL(localizePath(payload.url, language), publicBaseUrl).toString()
  return [payload.title, payload.price, payload.city, link].filter(Boolean).join('\n')
}

/** Alert messages through the Bot API's sendMessage. */
export function telegramNotifier(options: TelegramNotifierOptions): NotificationSender {
  const url = `${options.apiBase}/bot${options.botToken}/sendMessage`
  return {
    channel: 'telegram',
    async send(payload, signal): Promise<SendResult> {
      if (!payload.chat_id) return { ok: false, error: 'no chat_id', retry: false }
      let res: Response
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            chat_id: payload.chat_id,
            text: telegramText(payload, options.publicBaseUrl),
            link_preview_options: { is_disabled: false },
          }),
          signal: AbortSignal.any([AbortSignal.timeout(options.timeoutMs ?? 10_000), ...(signal ? [signal] : [])]),
        })
      } catch (err) {
        return { ok: false, error: `telegram: ${(err as Error).name}: ${(err as Error).message}`, retry: true }
      }
      const body = (await res.json().catch(() => null)) as { ok?: boolean; description?: string } | null
      if (res.ok && body?.ok) return { ok: true }
      const error = `telegram ${res.status}: ${body?.description ?? 'no description'}`
      // 429 and 5xx pass; 400 (chat not found) and 403 (the user blocked the bot) will not
      return { ok: false, error, retry: res.status === 429 || res.status >= 500 }
    },
  }
}
