import type { RouteObject } from 'react-router'
import { LOCALE_CODES, type LocaleCode } from '../shared/locales.ts'
import { dashboardLayout } from './dashboard.tsx'
import { routeTree } from './public-routes.tsx'

export { SHARED_WITH_VIEWERS, type PageSharing } from './public-routes.tsx'

/**
 * Every page of some languages (all by default), the signed-in area's included: the server's table. The
 * browser starts with the public pages alone (`publicRoutes`, client/public-routes.tsx) and adds the
 * signed-in area's when it goes there (client/dashboard-on-demand.ts).
 */
export function createRoutes(codes: readonly LocaleCode[] = LOCALE_CODES): RouteObject[] {
  return routeTree(codes, (code) => [dashboardLayout(code)])
}

/** Every page route in all six languages. */
export const routes = createRoutes()
