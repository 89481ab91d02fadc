/** The six product languages; fa is the default and the only one without a URL prefix (docs/decisions/003-persian-unprefixed.md). */
export const LOCALES = [
  { code: 'fa', language: 'fa-IR', dir: 'rtl', name: 'فارسی' },
  { code: 'en', language: 'en-US', dir: 'ltr', name: 'English' },
  { code: 'tr', language: 'tr-TR', dir: 'ltr', name: 'Türkçe' },
  { code: 'es', language: 'es-ES', dir: 'ltr', name: 'Español' },
  { code: 'de', language: 'de-DE', dir: 'ltr', name: 'Deutsch' },
  { code: 'it', language: 'it-IT', dir: 'ltr', name: 'Italiano' },
] as const

export type Locale = (typeof LOCALES)[number]
export type LocaleCode = Locale['code']

export const DEFAULT_LOCALE: LocaleCode = 'fa'
export const LOCALE_CODES: readonly LocaleCode[] = LOCALES.map((l) => l.code)
/** Name of the cookie that keeps the visitor's language, 365 days (Nuxt i18n's name, so returning visitors keep their choice). */
export const LOCALE_COOKIE = 'i18n_redirected'
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60

/**
 * The language cookie as one string, the same for the gateway's Set-Cookie and the language
 * switcher's `document.cookie`: Secure whenever the site is served over https.
 */
export function localeCookieString(locale: LocaleCode, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** True when `value` is one of the six locale codes. */
export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value)
}

/** The locale table entry of a code. */
export function localeInfo(code: LocaleCode): Locale {
  return LOCALES.find((l) => l.code === code) ?? LOCALES[0]
}

/** The language of a path: its first segment when it is a prefixed locale, else fa (even /fa/…, which the gateway redirects). */
export function localeFromPath(pathname: string): LocaleCode {
  const first = pathname.split('/')[1] ?? ''
  return isLocaleCode(first) && first !== DEFAULT_LOCALE ? first : DEFAULT_LOCALE
}

/** The path of a page in `locale` without that language's prefix, always starting with '/'. */
export function stripLocale(pathname: string, locale: LocaleCode): string {
  if (locale === DEFAULT_LOCALE) return pathname || '/'
  const rest = pathname.slice(locale.length + 1)
  return rest === '' ? '/' : rest
}

/** The path of `path` (unprefixed, starting with '/') in `locale`. */
export function localizePath(path: string, locale: LocaleCode): string {
  const clean = path.startsWith('/') ? path : `/${path}`
  if (locale === DEFAULT_LOCALE) return clean
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`
}

/** Picks the best supported locale from an Accept-Language header, or null. */
export function localeFromAcceptLanguage(header: string | undefined): LocaleCode | null {
  if (!header) return null
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.find((p) => p.trim().startsWith('q='))
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 }
    })
    .filter((entry) => entry.tag && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q)
  for (const { tag } of ranked) {
    const base = tag.split('-')[0]
    if (isLocaleCode(base)) return base
  }
  return null
}
