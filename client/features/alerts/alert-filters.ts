import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { GenderPref, PropertyType, Term } from '../../../shared/constants.ts'
import type { LocaleCode } from '../../../shared/locales.ts'
import { formatDate } from '../../../shared/dates.ts'
import { formatRent } from '../../../shared/money.ts'
import { ALERT_FILTER_NAMES, type AlertFilterName } from '../../../shared/alert-options.ts'
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
  /** The country's currency: the prices' when the filters name none (price_currency), as on /listings. */
  currency?: string
}

const has = <T extends string>(labels: Record<T, unknown>, value: string | undefined): value is T =>
  value !== undefined && Object.hasOwn(labels, value)

/** One filter in words, with the query names it stands for (a price range is one piece of two names). */
export interface FilterPiece {
  names: AlertFilterName[]
  label: string
}

/** The filters in words, most telling first ("Berlin", "up to 900 €", "Private room", …), in the reader's language; a city stands for its country. */
export function filterPieces(filters: Record<string, string>, i18n: I18n, names: FilterNames): FilterPiece[] {
  const pieces: FilterPiece[] = []
  const add = (label: string, ...keys: AlertFilterName[]) => pieces.push({ names: keys, label })
  const { locale } = names
  const currency = filters.price_currency ?? names.currency ?? 'EUR'
  const price = (value: string) => formatRent(Number(value), currency, locale)
  if (filters.city) add(names.cityName ?? filters.city, 'city')
  else if (filters.country) add(names.countryName ?? filters.country.toUpperCase(), 'country')
  // the map's box (docs/decisions/045-maps-leaflet-and-tiles.md): its numbers say nothing to a reader
  if (filters.bbox) add(i18n._(msg`in an area chosen on the map`), 'bbox')
  const min = filters.min_price
  const max = filters.max_price
  if (min && max) {
    const from = price(min)
    const to = price(max)
    add(i18n._(msg`${from} to ${to}`), 'min_price', 'max_price')
  } else if (max) {
    const to = price(max)
    add(i18n._(msg`up to ${to}`), 'max_price')
  } else if (min) {
    const from = price(min)
    add(i18n._(msg`from ${from}`), 'min_price')
  }
  if (has<PropertyType>(TYPE_LABELS, filters.type)) add(i18n._(TYPE_LABELS[filters.type]), 'type')
  if (has<Term>(TERM_LABELS, filters.term)) add(i18n._(TERM_LABELS[filters.term]), 'term')
  if (has<GenderPref>(GENDER_LABELS, filters.gender_pref)) {
    const gender = i18n._(GENDER_LABELS[filters.gender_pref])
    add(i18n._(msg`Gender: ${gender}`), 'gender_pref')
  }
  if (filters.start_date) {
    const date = formatDate(filters.start_date, locale)
    add(i18n._(msg`available by ${date}`), 'start_date')
  }
  if (filters.has_contract === 'true') add(i18n._(msg`official contract`), 'has_contract')
  else if (filters.has_contract === 'false') add(i18n._(msg`no official contract`), 'has_contract')
  if (filters.include_discussable === 'true') add(i18n._(msg`negotiable rents too`), 'include_discussable')
  return pieces
}

/** The filters in words (the labels of `filterPieces`). */
export function filterParts(filters: Record<string, string>, i18n: I18n, names: FilterNames): string[] {
  return filterPieces(filters, i18n, names).map((piece) => piece.label)
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
