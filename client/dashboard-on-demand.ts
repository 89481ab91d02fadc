import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router'
import { localeFromPath, stripLocale, type LocaleCode } from '../shared/locales.ts'

// The browser's route table holds the public pages (`publicRoutes`); the signed-in area's table comes
// with the first page of it, as the server's render of such a page or as a navigation into it
// (docs/decisions/040-script-budget-per-page.md).

/** The language of a path in the signed-in area (`/dashboard…`, `/en/dashboard…`); null for any other path. */
function dashboardLanguage(pathname: string): LocaleCode | null {
  const code = localeFromPath(pathname)
  return /^\/dashboard(\/|$)/.test(stripLocale(pathname, code)) ? code : null
}

/** Before hydrating a page of the signed-in area: its language's signed-in routes in `routes`, so the table is the one the server rendered with. */
export async function addDashboardRoutesFor(routes: RouteObject[], pathname: string): Promise<void> {
  const code = dashboardLanguage(pathname)
  if (!code) return
  const { dashboardLayout } = await import('./dashboard.tsx')
  const language = routes[0]?.children?.find((route) => route.id === code)
  if (!language?.children) throw new Error(`the route table has no language route ${code}`)
  language.children.push(dashboardLayout(code))
}

/**
 * React Router's route discovery: called for a path the table does not match but by a splat (the content
 * pages') or a parameter; a path in the signed-in area gets its language's signed-in routes (React Router
 * keeps routes already there as they are).
 */
export const patchDashboardRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  const code = dashboardLanguage(path)
  if (!code) return
  const { dashboardLayout } = await import('./dashboard.tsx')
  patch(code, [dashboardLayout(code)])
}
