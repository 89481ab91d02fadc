import type { FastifyRequest } from 'fastify'
import { isbot } from 'isbot'
import {
  DEFAULT_LOCALE,
  isLocaleCode,
  LOCALE_COOKIE,
  localeCookieString,
  localeFromAcceptLanguage,
  localeFromPath,
  type LocaleCode,
} from '../../shared/locales.ts'

/** The viewer's own language: their stored choice, else their browser's first supported one, else fa. */
function viewerLocale(request: FastifyRequest): LocaleCode {
  const stored = request.cookies[LOCALE_COOKIE]
  return isLocaleCode(stored)
    ? stored
    : (localeFromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LOCALE)
}

/**
 * The language of a request — the one rule, applied once per request and handed on from there: the
 * one its address names (a page's path prefix, where none is fa; or, for a gateway callback outside
 * the pages, the `locale` its page sent along), else the viewer's own language.
 */
export function requestLocale(request: FastifyRequest, sentByPage?: unknown): LocaleCode {
  const path = request.url.split('?')[0]!
  if (!path.startsWith('/api/')) return localeFromPath(path)
  return isLocaleCode(sentByPage) ? sentByPage : viewerLocale(request)
}

/**
 * The cookie that keeps the visitor's language, set on a first visit (the pages' own redirect reads
 * it; docs/decisions/003-persian-unprefixed.md); null once it is there, and for crawlers, which are
 * never sent elsewhere. A first visit to a prefixed address keeps that address's language, the
 * choice its link made; only an unprefixed one, where no choice is made yet, asks the browser's
 * languages (else fa).
 */
export function localeCookie(request: FastifyRequest, secure: boolean): string | null {
  if (isLocaleCode(request.cookies[LOCALE_COOKIE]) || isbot(request.headers['user-agent'] ?? '')) return null
  const named = localeFromPath(request.url.split('?')[0]!)
  const locale = named !== DEFAULT_LOCALE ? named : viewerLocale(request)
  return localeCookieString(locale, secure)
}

/**
 * The address of a page written with the default language's prefix (/fa/...), without it: the one
 * canonical address; null for any other. Its path starts with one slash only: `/fa//evil.example`
 * must not become `//evil.example`, which a browser reads as another host.
 */
export function withoutDefaultPrefix(url: URL): string | null {
  if (url.pathname !== `/${DEFAULT_LOCALE}` && !url.pathname.startsWith(`/${DEFAULT_LOCALE}/`)) return null
  return `/${url.pathname.slice(DEFAULT_LOCALE.length + 1).replace(/^\/+/, '')}${url.search}`
}
