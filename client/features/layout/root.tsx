import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import { preload } from 'react-dom'
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigate, useRouteError } from 'react-router'
import { LOCALE_REDIRECT_DELAY_MS, MANUAL_LOCALE_FLAG } from '../../../shared/constants.ts'
import {
  isLocaleCode,
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  LOCALES,
  localeInfo,
  localizePath,
  stripLocale,
  type LocaleCode,
} from '../../../shared/locales.ts'
import { canonicalSearch, listingPath } from '../../../shared/seo.ts'
import { manifestPath, THEME_COLOR } from '../../../shared/web-manifest.ts'
import { useShell } from '../../lib/context.ts'
import { useLocale } from '../../lib/locale.ts'
import { useAppLinkNavigation } from '../../components/app-link.tsx'
import { useReferralLink } from '../referrals/referral-code.ts'
// the file client/styles/fonts.css draws Persian with: the URL the build gives it
import persianFont from '../../styles/fonts/vazirmatn-persian.woff2?url'

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`
  return document.cookie
    .split('; ')
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length)
}

/**
 * On load, after 500 ms, a stored language that differs from the URL's sends the visitor
 * to the matching localized path (query and hash kept) — never on /auth/ or /api/ paths, nor after
 * a manual change in this browser session. The stored language is the visitor's choice: a first
 * visit stores the language of the address it came to, or, on an unprefixed one, the browser's
 * (server/gateway/locale.ts; docs/decisions/003-persian-unprefixed.md).
 */
function useStoredLocaleRedirect(locale: LocaleCode) {
  const navigate = useNavigate()
  // the page's language when the timer fires (a click may have changed it meanwhile)
  const current = useRef(locale)
  current.current = locale
  useEffect(() => {
    // tests and tooling learn that the page's language is settled: kept, or the redirect done
    const settled = () => void (document.documentElement.dataset.localeSettled = 'true')
    const { pathname, search, hash } = window.location
    if (pathname.includes('/auth/') || pathname.includes('/api/') || sessionStorage.getItem(MANUAL_LOCALE_FLAG))
      return settled()
    const timer = setTimeout(() => {
      const stored = readCookie(LOCALE_COOKIE)
      if (!isLocaleCode(stored) || stored === current.current) return settled()
      void Promise.resolve(
        navigate(`${localizePath(stripLocale(window.location.pathname, current.current), stored)}${search}${hash}`, {
          replace: true,
        }),
      ).then(settled)
    }, LOCALE_REDIRECT_DELAY_MS)
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on load only
  }, [])
}

/** How the page's scripts are asked for beside the photo, the font and the stylesheet (docs/decisions/039-bootstrap.md). */
const MODULE_PRELOAD_PRIORITY = 'low'

/** The document: <html lang dir>, alternates for every language, styles; pages add their own title and description. */
export function Root() {
  const location = useLocation()
  const shell = useShell()
  const locale = useLocale()
  const info = localeInfo(locale)
  const path = stripLocale(location.pathname, locale)
  const isDashboard = path === '/dashboard' || path.startsWith('/dashboard/')
  const absolute = (p: string) => `${shell.publicBaseUrl}${p}`
  // a listing reached by its id (/listing/41) is one page with its slug's address: that one is canonical
  const listingSlug = (
    useMatches().find((m) => m.id === `${locale}:listing`)?.loaderData as { listing?: { slug: string } } | undefined
  )?.listing?.slug
  const page = listingSlug ? listingPath(listingSlug) : path
  // one address per page: tracking parameters and view options dropped (docs/decisions/022-seo.md)
  const query = canonicalSearch(path, new URLSearchParams(location.search))
  // Persian text waits for no stylesheet to discover its font (docs/decisions/026-images-fonts-and-lcp.md)
  if (locale === 'fa') preload(persianFont, { as: 'font', type: 'font/woff2', crossOrigin: '' })
  useStoredLocaleRedirect(locale)
  useAppLinkNavigation()
  useReferralLink()
  useEffect(() => {
    // lets tests and tooling know the page is interactive, and when (bench/hydration.ts)
    document.documentElement.dataset.hydrated = 'true'
    performance.mark('hydrated')
  }, [])
  return (
    <html lang={info.code} dir={info.dir} className={isDashboard ? 'scroll-locked' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOR} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href={manifestPath(locale)} />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon-180.png" />
        <link rel="canonical" href={absolute(localizePath(page, locale) + query)} />
        {LOCALES.map((l) => (
          <link key={l.code} rel="alternate" hrefLang={l.code} href={absolute(localizePath(page, l.code) + query)} />
        ))}
        <link rel="alternate" hrefLang="x-default" href={absolute(localizePath(page, DEFAULT_LOCALE) + query)} />
        <meta property="og:url" content={absolute(localizePath(page, locale) + query)} />
        <meta property="og:locale" content={info.language.replace('-', '_')} />
        <meta property="og:site_name" content={locale === 'fa' ? 'خانه' : 'Khaneh'} />
        {/* with a precedence React writes the stylesheet before the module preloads, so that the one request
            that holds back the first paint is asked for before the scripts (docs/decisions/039-bootstrap.md) */}
        {shell.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
        {/* the entry's imports and the page's own chunks and catalogs download beside the entry, which
            React names at the end of the document (docs/decisions/039-bootstrap.md) */}
        {shell.modulePreloads?.map((href) => (
          <link key={href} rel="modulepreload" href={href} fetchPriority={MODULE_PRELOAD_PRIORITY} />
        ))}
      </head>
      <body>
        <Outlet />
        {/* A new page starts at its top (or its #anchor), back and forward return to where the reader
            was: React Router's scroll restoration, which in a data router writes no inline script. */}
        <ScrollRestoration />
      </body>
    </html>
  )
}

/** The last resort when even the layout failed: a whole minimal document. */
export function RootError() {
  const error = useRouteError()
  const { t } = useLingui()
  const locale = useLocale()
  const info = localeInfo(locale)
  const notFound =
    error instanceof Response ? error.status === 404 : (error as { status?: number } | null)?.status === 404
  return (
    <html lang={info.code} dir={info.dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{notFound ? t`Page Not Found` : t`Internal Server Error`}</title>
      </head>
      <body>
        <main className="error-page">
          <h1>{notFound ? <Trans>Page Not Found</Trans> : <Trans>Internal Server Error</Trans>}</h1>
          <a href={localizePath('/', locale)}>
            <Trans>Back to the home page</Trans>
          </a>
        </main>
      </body>
    </html>
  )
}
