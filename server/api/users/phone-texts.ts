import { DEFAULT_LOCALE, isLocaleCode, type LocaleCode } from '../../../shared/locales.ts'
import { formatNumber } from '../../../shared/money.ts'

// The API has no Lingui runtime (as identity/mail-templates.ts): the SMS is kept here in all six
// languages. The code stays in Latin digits, the digits a phone's one-time-code autofill reads.
const TEXTS: Record<LocaleCode, string> = {
  fa: 'کد تأیید خانه: {code}. این کد تا {minutes} دقیقه معتبر است.',
  en: 'Your Khaneh code: {code}. It works for {minutes} minutes.',
  de: 'Dein Khaneh-Code: {code}. Er gilt {minutes} Minuten.',
  es: 'Tu código de Khaneh: {code}. Vale durante {minutes} minutos.',
  it: 'Il tuo codice Khaneh: {code}. Vale per {minutes} minuti.',
  tr: 'Khaneh doğrulama kodunuz: {code}. {minutes} dakika geçerlidir.',
}

/** The verification SMS in the user's language (Persian when theirs is unknown); `minutes` in their digits. */
export function phoneCodeText(language: string, code: string, minutes: number): string {
  const locale = isLocaleCode(language) ? language : DEFAULT_LOCALE
  return TEXTS[locale].replace('{code}', code).replace('{minutes}', formatNumber(minutes, locale))
}
