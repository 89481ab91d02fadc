import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, RouterContextProvider } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { startBrowserApi } from './lib/api/browser.ts'
import { signInPath } from './features/auth/sign-in-path.ts'
import { isChunkLoadError, reloadForChunkError, watchBuild } from './lib/build-freshness.ts'
import { listenForegroundPushes } from './features/alerts/foreground-push.ts'
import { apiContext, i18nContext, identityContext, ShellContext, type AppShell } from './lib/context.ts'
import { identityOnDemand } from './lib/identity-on-demand.ts'
import { activateLocale, catalogGroups, nameCatalogFiles } from './lib/i18n.ts'
import { routerLocale } from './lib/locale.ts'
import { reloadWhenRestoredAfterSessionEnd } from './lib/session-end.ts'
import { addDashboardRoutesFor, patchDashboardRoutes } from './dashboard-on-demand.ts'
import { publicRoutes } from './public-routes.tsx'
import './styles/app.css'

declare global {
  interface Window {
    __khanehShell: AppShell
  }
}

async function start() {
  reloadWhenRestoredAfterSessionEnd()
  const shell = window.__khanehShell
  const i18n = setupI18n()
  let router: ReturnType<typeof createBrowserRouter> | undefined
  // a session lost under a component's call sends the reader to sign in again, in the language they
  // are reading, and on to the page they were on or going to (`next`)
  const api = startBrowserApi(() => {
    const { pathname, search, hash } = window.location
    return signInPath(
      (router && routerLocale(router)) ?? shell.locale,
      navigatingTo ?? `${pathname}${search}${hash}`,
      true,
    )
  })
  const identity = identityOnDemand(shell.publicConfig, api)
  // The page's catalogs and the lazy route modules it rendered with must be in place before hydration,
  // and a signed-in page's routes (client/dashboard-on-demand.ts).
  const routes = publicRoutes()
  await addDashboardRoutesFor(routes, window.location.pathname)
  const matches = matchRoutes(routes, window.location) ?? []
  const lazyMatches = matches.filter((m) => m.route.lazy)
  nameCatalogFiles(shell.locale, shell.catalogs)
  await Promise.all([
    activateLocale(i18n, shell.locale, catalogGroups(matches, shell.hasSession)),
    ...lazyMatches.map(async (m) => {
      const lazy = m.route.lazy as () => Promise<Record<string, unknown>>
      Object.assign(m.route, { ...(await lazy()), lazy: undefined })
    }),
  ])
  router = createBrowserRouter(routes, {
    patchRoutesOnNavigation: patchDashboardRoutes,
    getContext: () => {
      const context = new RouterContextProvider()
      context.set(apiContext, api)
      context.set(identityContext, identity)
      context.set(i18nContext, i18n)
      return context
    },
  })
  // a newer build is out: the next navigation is a full page load instead of a client-side one (docs/decisions/043-build-freshness.md)
  const build = __KHANEH_BUILD_ID__ === 'dev' ? null : watchBuild(__KHANEH_BUILD_ID__)
  const current = router
  current.subscribe((state) => {
    const next = state.navigation.location
    navigatingTo = next ? current.createHref(next) : undefined
    if (state.navigation.state === 'loading' && next && build?.stale()) {
      build.stop()
      window.location.assign(current.createHref(next))
    }
  })
  // hydration as a transition: React yields to the browser every few milliseconds instead of one
  // long task, so a phone paints and answers input while the page hydrates (docs/decisions/039-bootstrap.md)
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <ShellContext value={shell}>
          <I18nProvider i18n={i18n}>
            <RouterProvider router={router} />
          </I18nProvider>
        </ShellContext>
      </StrictMode>,
    )
  })
}

// a preloaded chunk or stylesheet a deploy removed (Vite's event): reload once (client/lib/build-freshness.ts)
// (a failure while navigating loads the page being navigated to)
let navigatingTo: string | undefined
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError(navigatingTo)) event.preventDefault()
})
window.addEventListener('unhandledrejection', (event) => {
  if (isChunkLoadError(event.reason)) reloadForChunkError(navigatingTo)
})
void start()
// pushes that arrive while a page is in front (public/sw.js hands them over; docs/decisions/020-alerts-and-outbox.md)
listenForegroundPushes()
