import type { RouteObject } from 'react-router'
import type { CatalogGroup, CatalogHandle } from './lib/i18n.ts'
import { catalogMiddleware, languageLoader, languageMiddleware } from './lib/locale.ts'
import { DEFAULT_LOCALE, LOCALE_CODES, LOCALES, type LocaleCode } from '../shared/locales.ts'
import { DefaultLayout } from './features/layout/default-layout.tsx'
import { Root, RootError } from './features/layout/root.tsx'
import { RouteError } from './features/errors/error-page.tsx'
import { signOutRoute } from './features/auth/sign-out-route.ts'
import { favoriteRoute } from './features/favorites/favorite-route.ts'

/**
 * A page that is the same document for every anonymous viewer, and one for every signed-in viewer
 * whose page reads alike: the gateway serves both from its render cache
 * (docs/decisions/024-page-render-cache.md). Its loaders read nothing of the viewer but through the
 * API; its components read nothing of the viewer but that there is one (`hasSession`). A viewer's
 * copy is theirs when none of its listings is one they saved and its other reads (a listing) answer
 * them as they answer anyone; otherwise the page is rendered for them.
 */
export const SHARED_WITH_VIEWERS = { shared: 'viewers' } as const

/** A page that shows a signed-in reader parts loaded on demand (client/lib/on-demand.ts): its `on-demand` messages come with it. */
const SIGNED_IN_PARTS = { signedInParts: true } as const

/** Who a page is the same document for: anonymous viewers and signed-in viewers alike. */
export type PageSharing = (typeof SHARED_WITH_VIEWERS)['shared']

/**
 * A public page's catalog group, named after its module (docs/decisions/025-catalogs-by-route-group.md):
 * the first visit loads it before hydrating (`handle`), a navigation before rendering (`middleware`).
 */
function catalog(group: CatalogGroup, handle?: object): Pick<RouteObject, 'handle' | 'middleware'> {
  return { handle: { ...handle, catalog: group } satisfies CatalogHandle, middleware: [catalogMiddleware(group)] }
}

/** The public pages of one language; ids carry the language so the six branches never collide. */
function pages(code: LocaleCode): RouteObject[] {
  return [
    {
      id: `${code}:default-layout`,
      Component: DefaultLayout,
      children: [
        {
          id: `${code}:home`,
          ...catalog('home-page', SHARED_WITH_VIEWERS),
          index: true,
          ErrorBoundary: RouteError,
          lazy: () => import('./features/home/home-page.tsx'),
        },
        {
          id: `${code}:listings`,
          ...catalog('listings-page', { ...SHARED_WITH_VIEWERS, ...SIGNED_IN_PARTS }),
          path: 'listings',
          ErrorBoundary: RouteError,
          // its own module, fetched beside the page's when a navigation runs it: a first visit hydrates
          // from the server's data and never does (docs/decisions/040-script-budget-per-page.md)
          loader: async (args) => (await import('./features/listings/listings-loader.ts')).loader(args),
          lazy: () => import('./features/listings/listings-page.tsx'),
        },
        {
          id: `${code}:listing`,
          ...catalog('listing-page', { ...SHARED_WITH_VIEWERS, ...SIGNED_IN_PARTS }),
          path: 'listing/:slug',
          ErrorBoundary: RouteError,
          loader: async (args) => (await import('./features/listings/listing-loader.ts')).loader(args),
          lazy: () => import('./features/listings/listing-page.tsx'),
        },
        {
          id: `${code}:pricing`,
          ...catalog('pricing-page'),
          path: 'pricing',
          ErrorBoundary: RouteError,
          lazy: () => import('./features/pricing/pricing-page.tsx'),
        },
        {
          id: `${code}:sandbox-checkout`,
          ...catalog('sandbox-checkout-page'),
          path: 'checkout/sandbox/:id',
          ErrorBoundary: RouteError,
          lazy: () => import('./features/checkout/sandbox-checkout-page.tsx'),
        },
        {
          id: `${code}:checkout-result`,
          ...catalog('checkout-result-page'),
          path: 'checkout/result/:id',
          ErrorBoundary: RouteError,
          lazy: () => import('./features/checkout/checkout-result-page.tsx'),
        },
        {
          id: `${code}:contact-us`,
          ...catalog('contact-page'),
          path: 'contact-us',
          ErrorBoundary: RouteError,
          lazy: () => import('./features/contact-messages/contact-page.tsx'),
        },
        {
          id: `${code}:auth`,
          ...catalog('auth-page'),
          path: 'auth',
          ErrorBoundary: RouteError,
          lazy: () => import('./features/auth/auth-page.tsx'),
        },
        {
          id: `${code}:auth-action`,
          ...catalog('auth-action-page'),
          path: 'auth/action',
          ErrorBoundary: RouteError,
          lazy: () => import('./features/auth/auth-action-page.tsx'),
        },
        // /about-us, /privacy-policy and every other content page: content/<locale>/<slug>.md
        {
          id: `${code}:content`,
          ...catalog('content-page', SHARED_WITH_VIEWERS),
          path: '*',
          ErrorBoundary: RouteError,
          lazy: () => import('./features/pages/content-page.tsx'),
        },
      ],
    },
    favoriteRoute(code),
    signOutRoute(code),
  ]
}

/** The route tree of some languages: each language's public pages, and what `more` adds to them. */
export function routeTree(codes: readonly LocaleCode[], more: (code: LocaleCode) => RouteObject[]): RouteObject[] {
  return [
    {
      id: 'root',
      Component: Root,
      ErrorBoundary: RootError,
      children: LOCALES.filter((l) => codes.includes(l.code)).map((locale) => ({
        id: locale.code,
        path: locale.code === DEFAULT_LOCALE ? '/' : `/${locale.code}`,
        middleware: [languageMiddleware(locale.code)],
        loader: languageLoader,
        shouldRevalidate: () => false,
        children: [...pages(locale.code), ...more(locale.code)],
      })),
    },
  ]
}

/**
 * The public pages in some languages (all by default), generated from the one locale table
 * (docs/decisions/003-persian-unprefixed.md): the browser's table, to which the signed-in area's routes
 * are added when it goes there (client/dashboard-on-demand.ts, docs/decisions/040-script-budget-per-page.md); the server's is
 * `createRoutes` (client/routes.tsx).
 */
export function publicRoutes(codes: readonly LocaleCode[] = LOCALE_CODES): RouteObject[] {
  return routeTree(codes, () => [])
}
