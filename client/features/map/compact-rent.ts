import { localeInfo, type LocaleCode } from '../../../shared/locales.ts'
import { rentInRials } from '../../../shared/money.ts'

const compactFormats = new Map<string, Intl.NumberFormat>()

/** A rent in few characters, for a map's price marker: "€1.3K", "۵۱ میلیون" (in rials on Persian pages, as formatRent). */
export function formatCompactRent(amount: number, currency: string, locale: LocaleCode): string {
  const language = localeInfo(locale).language
  const key = `${language}:${locale === 'fa' ? '' : currency}`
  let found = compactFormats.get(key)
  if (!found) {
    found = new Intl.NumberFormat(language, {
      notation: 'compact',
      maximumFractionDigits: 1,
      minimumFractionDigits: 0,
      ...(locale === 'fa' ? {} : { style: 'currency', currency }),
    })
    compactFormats.set(key, found)
  }
  return found.format(locale === 'fa' ? rentInRials(amount, currency) : amount)
}
