import { localeInfo, type LocaleCode } from './locales.ts'

const dateFormats = new Map<string, Intl.DateTimeFormat>()
function dateFormat(tag: string): Intl.DateTimeFormat {
  let found = dateFormats.get(tag)
  if (!found) {
    found = new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
    dateFormats.set(tag, found)
  }
  return found
}

// Formatted dates, kept: a page of cards formats the same few dates on every render, and ICU's
// formatting shows in a page render's profile (docs/decisions/028-signed-in-render.md).
const formattedDates = new Map<string, string>()
const FORMATTED_DATES_MAX = 5000

/** A calendar date for the reader: fa in the Persian (Solar Hijri) calendar, others Gregorian. */
export function formatDate(iso: string, locale: LocaleCode): string {
  const key = `${locale}|${iso}`
  const kept = formattedDates.get(key)
  if (kept !== undefined) return kept
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const tag = locale === 'fa' ? 'fa-IR-u-ca-persian' : localeInfo(locale).language
  const text = dateFormat(tag).format(date)
  if (formattedDates.size >= FORMATTED_DATES_MAX) formattedDates.clear()
  formattedDates.set(key, text)
  return text
}

/** The same date in the Gregorian calendar, shown beside the Persian one for fa readers. */
export function formatGregorianDate(iso: string, locale: LocaleCode): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const tag = locale === 'fa' ? 'fa-IR-u-ca-gregory' : localeInfo(locale).language
  return dateFormat(tag).format(date)
}
