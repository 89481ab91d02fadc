import type { RouteObject } from 'react-router'
import type { LocaleCode } from '../shared/locales.ts'
import { RouteError } from './features/errors/error-page.tsx'
import type { CatalogHandle } from './lib/i18n.ts'
import { catalogMiddleware } from './lib/locale.ts'

const DASHBOARD_CATALOG: CatalogHandle = { catalog: 'dashboard' }

/**
 * The signed-in area's pages, loaded on demand. Their messages come in the language's dashboard catalog,
 * which the layout route loads (docs/decisions/025-catalogs-by-route-group.md): whatever is imported only
 * from here stays out of the public pages' JavaScript and catalog. This table itself is the server's
 * (client/routes.tsx) and comes to the browser with the area's first page (client/dashboard-on-demand.ts);
 * named after the area's catalog group, the server preloads it with that group, as a public page's module.
 */
export function dashboardLayout(code: LocaleCode): RouteObject {
  return {
    id: `${code}:dashboard-layout`,
    path: 'dashboard',
    handle: DASHBOARD_CATALOG,
    middleware: [catalogMiddleware('dashboard')],
    lazy: async () => {
      const { DashboardLayout, loader } = await import('./features/layout/dashboard-layout.tsx')
      return { Component: DashboardLayout, loader }
    },
    children: [
      {
        id: `${code}:dashboard`,
        index: true,
        ErrorBoundary: RouteError,
        lazy: () => import('./features/dashboard/dashboard-home.tsx'),
      },
      {
        id: `${code}:alerts`,
        path: 'alerts',
        ErrorBoundary: RouteError,
        lazy: () => import('./features/alerts/alerts-page.tsx'),
      },
      {
        id: `${code}:profile`,
        path: 'profile',
        ErrorBoundary: RouteError,
        lazy: () => import('./features/dashboard/profile-page.tsx'),
      },
      {
        id: `${code}:favorites`,
        path: 'favorites',
        ErrorBoundary: RouteError,
        lazy: () => import('./features/favorites/favorites-page.tsx'),
      },
      {
        id: `${code}:compare`,
        path: 'favorites/compare',
        ErrorBoundary: RouteError,
        lazy: () => import('./features/ai-analysis/compare-page.tsx'),
      },
      {
        id: `${code}:referrals`,
        path: 'referrals',
        ErrorBoundary: RouteError,
        lazy: () => import('./features/referrals/referrals-page.tsx'),
      },
      {
        id: `${code}:subscription`,
        path: 'subscription',
        ErrorBoundary: RouteError,
        lazy: () => import('./features/subscription/subscription-page.tsx'),
      },
      {
        id: `${code}:my-listings`,
        path: 'listings',
        ErrorBoundary: RouteError,
        lazy: () => import('./features/my-listings/my-listings-page.tsx'),
      },
      {
        id: `${code}:create-listing`,
        path: 'listings/create',
        ErrorBoundary: RouteError,
        lazy: () => import('./features/listing-form/listing-form-page.tsx'),
      },
      {
        id: `${code}:edit-listing`,
        path: 'listings/:id',
        ErrorBoundary: RouteError,
        lazy: () => import('./features/listing-form/listing-form-page.tsx'),
      },
      {
        id: `${code}:ai-preferences`,
        path: 'ai-preferences',
        ErrorBoundary: RouteError,
        lazy: () => import('./features/ai-preferences/ai-preferences-page.tsx'),
      },
      {
        id: `${code}:moderation`,
        path: 'moderation',
        ErrorBoundary: RouteError,
        lazy: () => import('./features/moderation/moderation-page.tsx'),
      },
      {
        id: `${code}:site-overview`,
        path: 'site-overview',
        ErrorBoundary: RouteError,
        lazy: () => import('./features/moderation/site-overview-page.tsx'),
      },
      {
        id: `${code}:coupons`,
        path: 'coupons',
        ErrorBoundary: RouteError,
        lazy: () => import('./features/coupons/coupons-page.tsx'),
      },
      {
        id: `${code}:account`,
        path: 'account-management',
        ErrorBoundary: RouteError,
        lazy: () => import('./features/dashboard/account-page.tsx'),
      },
    ],
  }
}
