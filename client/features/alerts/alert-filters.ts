import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { GenderPref, PropertyType, Term } from '../../../shared/constants.ts'
import type { LocaleCode } from '../../../shared/locales.ts'
import { formatDate } from '../../../shared/dates.ts'
import { formatRent } from '../../../shared/money.ts'
import { ALERT_FILTER_NAMES } from '../../../shared/schemas/alert.ts'
import { GENDER_LABELS, TERM_LABELS, TYPE_LABELS } from '../listings/labels.ts'
import { toApiQuery } from '../listings/search-params.ts'

/** An alert's name is at most this long (the API's limit). */
const NAME_MAX = 100

/** The filters an alert saves from a /listings URL: exactly GET /listings' query names (ALERT_FILTER_NAMES), cleaned as the page cleans them. */
export function savedFilters(params: URLSearchParams): Record<string, string> {
  const query = toApiQuery(params)
  const out: Record<string, string> = {}
  for (const name of ALERT_FILTER_NAMES) if (query[name] !== undefined) out[name] = String(query[name])
  return out
}

/** The /listings?… address of saved filters, as the renter saved them. */
export function searchPath(filters: Record<string, string>): string {
  const search = new URLSearchParams()
  for (const name of ALERT_FILTER_NAMES) if (filters[name]) search.set(name, filters[name])
  const text = search.toString()
  return text ? `/listings?${text}` : '/listings'
}

/** What the summary knows beyond the filters: names in the reader's language and the country's currency. */
export interface FilterNames {
  locale: LocaleCode
  cityName?: string
  countryName?: string
  /** The currency prices are entered in (the country's; EUR when none is chosen, as on /listings). */
  currency?: string
}

const has = <T extends string>(labels: Record<T, unknown>, value: string | undefined): value is T =>
  value !== undefined && Object.hasOwn(labels, value)

/** The filters in words, most telling first ("Berlin", "up to 900 €", "Private room", …), in the reader's language. */
export function filterParts(filters: Record<string, string>, i18n: I18n, names: FilterNames): string[] {
  const parts: string[] = []
  const { locale } = names
  const currency = names.currency ?? 'EUR'
  const price = (value: string) => formatRent(Number(value), currency, locale)
  if (filters.city) parts.push(names.cityName ?? filters.city)
  else if (filters.country) parts.push(names.countryName ?? filters.country.toUpperCase())
  const min = filters.min_price
  const max = filters.max_price
  if (min && max) {
    const from = price(min)
    const to = price(max)
    parts.push(i18n._(msg`${from} to ${to}`))
  } else if (max) {
    const to = price(max)
    parts.push(i18n._(msg`up to ${to}`))
  } else if (min) {
    const from = price(min)
    parts.push(i18n._(msg`from ${from}`))
  }
  if (has<PropertyType>(TYPE_LABELS, filters.type)) parts.push(i18n._(TYPE_LABELS[filters.type]))
  if (has<Term>(TERM_LABELS, filters.term)) parts.push(i18n._(TERM_LABELS[filters.term]))
  if (has<GenderPref>(GENDER_LABELS, filters.gender_pref)) {
    const gender = i18n._(GENDER_LABELS[filters.gender_pref])
    parts.push(i18n._(msg`Gender: ${gender}`))
  }
  if (filters.start_date) {
    const date = formatDate(filters.start_date, locale)
    parts.push(i18n._(msg`available by ${date}`))
  }
  if (filters.has_contract === 'true') parts.push(i18n._(msg`official contract`))
  if (filters.include_discussable === 'true') parts.push(i18n._(msg`negotiable rents too`))
  return parts
}

/** The whole summary, or "All listings" when nothing is filtered. */
export function filterSummary(filters: Record<string, string>, i18n: I18n, names: FilterNames): string {
  const parts = filterParts(filters, i18n, names)
  return parts.length ? parts.join(' · ') : i18n._(msg`All listings`)
}

/** A new alert's name from its filters ("Berlin · up to 900 €"): the first three parts, within the API's 100 characters. */
export function defaultAlertName(filters: Record<string, string>, i18n: I18n, names: FilterNames): string {
  const parts = filterParts(filters, i18n, names).slice(0, 3)
  const name = parts.length ? parts.join(' · ') : i18n._(msg`All listings`)
  return name.length > NAME_MAX ? `${name.slice(0, NAME_MAX - 1)}…` : name
}
