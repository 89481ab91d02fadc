import { DEFAULT_LOCALE, LOCALES, localizePath, type LocaleCode } from './locales.ts'

/** Public pages that are not content files, unprefixed (docs/decisions/022-seo.md). */
export const STATIC_PAGES = ['/', '/listings', '/pricing', '/contact-us'] as const

/**
 * Where a listing's page lives, unprefixed; SQL that writes a listing's address into a stored
 * notification joins it with the slug (slugs are ASCII words and dashes, nothing to encode).
 */
export const LISTING_PATH_PREFIX = '/listing/'

/** A listing's page, unprefixed: the one way every link to a listing is written (localizePath adds the language). */
export const listingPath = (slug: string) => `${LISTING_PATH_PREFIX}${encodeURIComponent(slug)}`

/** A city's landing page, unprefixed: the listings page filtered to one country and city. */
export const cityPath = (countryCode: string, key: string) =>
  `/listings?country=${encodeURIComponent(countryCode)}&city=${encodeURIComponent(key)}`

/** A parameter that only says where a visitor came from (utm_*, fbclid, gclid): no page reads it. */
export const isTrackingParam = (name: string): boolean =>
  name.startsWith('utm_') || name === 'fbclid' || name === 'gclid'

/**
 * The canonical query of a page: on /listings only the landing dimensions (country, city, in that
 * order) and a page number above 1 survive; tracking parameters (utm_*, fbclid, gclid), other
 * filters and sorts never make a page of their own. Every other page has no query.
 */
export function canonicalSearch(path: string, params: URLSearchParams): string {
  if (path !== '/listings') return ''
  const out = new URLSearchParams()
  for (const key of ['country', 'city'] as const) {
    const value = params.get(key)?.trim()
    if (value) out.set(key, value)
  }
  const page = Number.parseInt(params.get('page') ?? '', 10)
  if (Number.isFinite(page) && page > 1) out.set('page', String(page))
  const text = out.toString()
  return text ? `?${text}` : ''
}

/** The address of `pathWithQuery` (unprefixed) in every language, and x-default (Persian, the default). */
export function alternates(baseUrl: string, pathWithQuery: string): Array<{ hreflang: string; href: string }> {
  const [path = '/', query] = splitQuery(pathWithQuery)
  const href = (code: LocaleCode) => `${baseUrl}${localizePath(path, code)}${query}`
  return [
    ...LOCALES.map((l) => ({ hreflang: l.code, href: href(l.code) })),
    { hreflang: 'x-default', href: href(DEFAULT_LOCALE) },
  ]
}

function splitQuery(value: string): [string, string] {
  const at = value.indexOf('?')
  return at === -1 ? [value, ''] : [value.slice(0, at), value.slice(at)]
}

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>`, `&` and the two line separators
 * escaped as \uXXXX, so no text inside (a listing's `</script>`) can end the element.
 */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}
