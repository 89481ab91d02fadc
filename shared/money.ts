import { localeInfo, type LocaleCode } from './locales.ts'

/** IRR shown to Persian readers per 1 EUR: the product's fixed display rate (docs/decisions/005-cross-currency-price-filters.md). */
export const IRR_PER_EUR = 60_000

/** Approximate value of 1 unit of each listing currency in EUR, used only for the fa IRR display and price filters across currencies. */
export const EUR_PER_UNIT: Record<string, number> = {
  EUR: 1,
  GBP: 1.17,
  TRY: 0.026,
  SEK: 0.087,
  NOK: 0.085,
  CAD: 0.66,
  AED: 0.25,
  USD: 0.92,
  // The open-market rate, for comparing rial rents with others; the fa display keeps the fixed IRR_PER_EUR.
  IRR: 1 / 1_000_000,
}

/** Digits after the decimal point of a currency's minor unit. */
export function currencyExponent(currency: string): number {
  return currency === 'IRR' ? 0 : 2
}

const formatters = new Map<string, Intl.NumberFormat>()
function formatter(language: string, currency: string): Intl.NumberFormat {
  const key = `${language}:${currency}`
  let found = formatters.get(key)
  if (!found) {
    found = new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      maximumFractionDigits: currency === 'IRR' ? 0 : 2,
      minimumFractionDigits: 0,
    })
    formatters.set(key, found)
  }
  return found
}

// Formatted rents, kept: the cards of a page show the same rents on every render (docs/decisions/028-signed-in-render.md).
const formattedRents = new Map<string, string>()
const FORMATTED_RENTS_MAX = 5000

/** A rent as the reader of `locale` sees it: fa in IRR with Persian digits and no decimals, others in the listing currency. */
export function formatRent(amount: number, currency: string, locale: LocaleCode): string {
  const key = `${locale}|${currency}|${amount}`
  let text = formattedRents.get(key)
  if (text !== undefined) return text
  if (locale === 'fa') text = `${formatNumber(rentInRials(amount, currency), 'fa')} ریال`
  else text = formatter(localeInfo(locale).language, currency).format(amount)
  if (formattedRents.size >= FORMATTED_RENTS_MAX) formattedRents.clear()
  formattedRents.set(key, text)
  return text
}

/** A rent in rials, as Persian pages show every rent. */
export const rentInRials = (amount: number, currency: string): number =>
  currency === 'IRR' ? amount : Math.round(amount * (EUR_PER_UNIT[currency] ?? 1) * IRR_PER_EUR)

/** An amount in its own currency in the locale's language (no rial display for fa): what was really charged. */
export function formatAmount(amount: number, currency: string, locale: LocaleCode): string {
  return formatter(localeInfo(locale).language, currency).format(amount)
}

const numberFormats = new Map<string, Intl.NumberFormat>()
/** A plain number in the locale's digits (Persian digits for fa), with exactly `decimals` decimals (none by default). */
export function formatNumber(value: number, locale: LocaleCode, decimals = 0): string {
  const key = `${locale}:${decimals}`
  let found = numberFormats.get(key)
  if (!found) {
    found = new Intl.NumberFormat(localeInfo(locale).language, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    })
    numberFormats.set(key, found)
  }
  return found.format(value)
}

/**
 * The currency a search page takes and shows prices in: rials on Persian pages (as their cards show
 * rents), else the chosen country's currency, else EUR (docs/decisions/005-cross-currency-price-filters.md).
 */
export function pageCurrency(locale: LocaleCode, countryCurrency: string | undefined): string {
  return locale === 'fa' ? 'IRR' : (countryCurrency ?? 'EUR')
}

/** A currency's short name as the locale writes it beside an amount: "ریال" in fa, "€", "CA$", "TRY". */
export function currencyUnit(currency: string, locale: LocaleCode): string {
  if (currency === 'IRR' && locale === 'fa') return 'ریال'
  return (
    formatter(localeInfo(locale).language, currency)
      .formatToParts(0)
      .find((p) => p.type === 'currency')?.value ?? currency
  )
}

/** Persian and Arabic-Indic digits as ASCII digits (what a Persian phone keyboard types). */
export function latinDigits(text: string): string {
  return text
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
}

/**
 * A whole amount typed in any of those digits, thousands separated or not ("۵۰٬۰۰۰٬۰۰۰", "1,500",
 * "1.500"), decimals dropped ("300.7" is 300); null when it is no number.
 */
export function parseWholeAmount(text: string): number | null {
  const digits = latinDigits(text.trim()).replace(/[\s,٬'’_]|\.(?=\d{3}(?!\d))/g, '')
  // a minus sign is kept, for the API to refuse (a hand-edited address), rather than silently dropped
  const whole = /^(-?\d{1,15})(?:[.٫]\d*)?$/.exec(digits)
  return whole ? Number(whole[1]) : null
}
