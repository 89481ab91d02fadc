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

/** A calendar date for the reader: fa in the Persian (Solar Hijri) calendar, others Gregorian. */
export function formatDate(iso: string, locale: LocaleCode): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const tag = locale === 'fa' ? 'fa-IR-u-ca-persian' : localeInfo(locale).language
  return dateFormat(tag).format(date)
}

/** The same date in the Gregorian calendar, shown beside the Persian one for fa readers. */
export function formatGregorianDate(iso: string, locale: LocaleCode): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const tag = locale === 'fa' ? 'fa-IR-u-ca-gregory' : localeInfo(locale).language
  return dateFormat(tag).format(date)
}
