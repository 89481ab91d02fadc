import { I18nProvider } from '@lingui/react'
import type { Writable } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  matchRoutes,
  RouterContextProvider,
  StaticRouterProvider,
} from 'react-router'
import { LOCALES, type LocaleCode } from '../shared/locales.ts'
import type { PublicConfig } from '../shared/public-config.ts'
import { ApiError, type Transport } from './lib/api/call.ts'
import { createApi } from './lib/api/index.ts'
import { parseWire } from './lib/api/parse.ts'
import { apiContext, i18nContext, identityContext, localeContext, ShellContext, type AppShell } from './lib/context.ts'
import { identityFor } from './lib/identity.ts'
import { catalogGroups, createI18n } from './lib/i18n.ts'
import { onDemandParts } from './lib/on-demand.ts'
import { serializeForScript } from './lib/serialize.ts'
import { createRoutes, type PageSharing } from './routes.tsx'

// Built once per process, one per language: a request's language is known before rendering, and a
// tree of one language is a sixth of the work to match and to turn into a static router per request.
// Route ids are the same as in the browser's six-language tree, so hydration lines up.
const handlers = new Map(LOCALES.map((l) => [l.code, createStaticHandler(createRoutes([l.code]))]))

/** The answers of `pageSharing` by language and path, the oldest forgotten past `SHARING_REMEMBERED`. */
const sharings = new Map<string, PageSharing | null>()
const SHARING_REMEMBERED = 10_000

/**
 * Who the page at `pathname` is the same document for (its route's SHARED_WITH_VIEWERS); null: it is
 * made per viewer. Remembered per path: React Router's matchRoutes flattens and compiles the whole
 * route tree on each call, which was about a tenth of a signed-in viewer's request served from the
 * viewers' copy.
 */
export function pageSharing(pathname: string, locale: LocaleCode): PageSharing | null {
  const key = `${locale}:${pathname}`
  const known = sharings.get(key)
  if (known !== undefined) return known
  const matches = matchRoutes(handlers.get(locale)!.dataRoutes, pathname)
  const handle = matches?.at(-1)?.route.handle as { shared?: PageSharing } | undefined
  const sharing = handle?.shared ?? null
  if (sharings.size >= SHARING_REMEMBERED) sharings.delete(sharings.keys().next().value!)
  sharings.set(key, sharing)
  return sharing
}

export interface RenderOptions {
  request: Request
  /** The request's language, as the gateway worked it out: loaders and components read it, nothing works it out again. */
  locale: LocaleCode
  /** How loaders reach the API from the server (the gateway's pooled upstream client). */
  transport: Transport
  nonce: string
  /** Module scripts that start the client (the entry chunk). */
  bootstrapModules: string[]
  styles: string[]
  modulePreloads: string[]
  /** The address of a language's catalog group in the build (client/lib/i18n.ts), when there is a build. */
  catalogFile?: (locale: LocaleCode, group: string) => string | undefined
  /** The scripts of a public page's module in the build, by its catalog group (named after the module). */
  pageFiles?: (group: string) => string[]
  publicBaseUrl: string
  /** What the page may know of the server's configuration; it goes into the page's state as it is. */
  publicConfig: PublicConfig
  hasSession?: boolean
  /** Crawlers get the whole document at once (onAllReady); browsers get the shell as soon as it is ready. */
  waitForAll: boolean
  /** Called with render errors that React recovered from (they still end in a 500 when before the shell). */
  onError?: (error: unknown) => void
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; pipe: (destination: Writable) => void; abort: (reason?: unknown) => void }

/** Route errors in the shape createBrowserRouter reads back from window.__staticRouterHydrationData. */
function serializeErrors(errors: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!errors) return null
  const out: Record<string, unknown> = {}
  for (const [id, error] of Object.entries(errors)) {
    if (isRouteErrorResponse(error)) out[id] = { ...error, __type: 'RouteErrorResponse' }
    else if (error instanceof Error) out[id] = { message: 'Unexpected Server Error', __type: 'Error' }
    else out[id] = error
  }
  return out
}

/** A failing API shows as 503/504 (a dependency is down), other errors keep React Router's status. */
function pageStatus(statusCode: number, errors: Record<string, unknown> | null): number {
  for (const error of Object.values(errors ?? {})) {
    if (error instanceof ApiError && error.status >= 500) return error.status === 504 ? 504 : 503
  }
  return statusCode
}

/** Runs the route loaders for a request and streams the page (React Router's static handler + renderToPipeableStream). */
export async function render(options: RenderOptions): Promise<RenderResult> {
  const { locale } = options
  const i18n = await createI18n(locale)
  const requestContext = new RouterContextProvider()
  const api = createApi(options.transport, { parse: parseWire })
  requestContext.set(apiContext, api)
  requestContext.set(identityContext, identityFor(options.publicConfig, api))
  requestContext.set(i18nContext, i18n)
  requestContext.set(localeContext, locale)

  const handler = handlers.get(locale)!
  const context = await handler.query(options.request, { requestContext })
  if (context instanceof Response) {
    const location = context.headers.get('location')
    if (location && context.status >= 300 && context.status < 400)
      return { kind: 'redirect', status: context.status, location }
    throw new Error(`Unexpected response from the route handler: ${context.status}`)
  }

  // the signed-in parts its modules load on demand in the browser are rendered here (client/lib/on-demand.ts)
  await onDemandParts()
  // the page's catalog files: named for the client, which imports them before hydrating, and preloaded
  const catalogs = Object.fromEntries(
    catalogGroups(context.matches, options.hasSession).flatMap((group) => {
      const file = options.catalogFile?.(locale, group)
      return file ? [[group, file]] : []
    }),
  )
  // and the page's own scripts: the document's head preloads them beside the entry (docs/decisions/039-bootstrap.md)
  const pageScripts = Object.keys(catalogs).flatMap((group) => options.pageFiles?.(group) ?? [])
  const modulePreloads = [...new Set([...options.modulePreloads, ...pageScripts, ...Object.values(catalogs)])]
  const shell: AppShell = {
    publicBaseUrl: options.publicBaseUrl,
    styles: options.styles,
    locale,
    publicConfig: options.publicConfig,
    hasSession: options.hasSession,
    modulePreloads,
    ...(Object.keys(catalogs).length > 0 ? { catalogs } : {}),
  }
  const hydration = {
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: serializeErrors(context.errors),
  }
  const router = createStaticRouter(handler.dataRoutes, context)
  // the page's state for the entry, which React names after it as the document's one module script
  const bootstrapScriptContent =
    `window.__staticRouterHydrationData=${serializeForScript(hydration)};` +
    `window.__khanehShell=${serializeForScript(shell)};`

  return new Promise<RenderResult>((resolve, reject) => {
    let shellFailed = false
    const ready = () => {
      if (shellFailed) return
      resolve({
        kind: 'page',
        status: pageStatus(context.statusCode, context.errors),
        pipe: (w) => stream.pipe(w),
        abort: (reason) => stream.abort(reason),
      })
    }
    const stream = renderToPipeableStream(
      <ShellContext value={shell}>
        <I18nProvider i18n={i18n}>
          <StaticRouterProvider router={router} context={context} hydrate={false} nonce={options.nonce} />
        </I18nProvider>
      </ShellContext>,
      {
        nonce: options.nonce,
        bootstrapScriptContent,
        bootstrapModules: options.bootstrapModules,
        // a completed Suspense boundary stays in place: React otherwise sends one found past this many bytes
        // after its fallback, to be swapped in by a script, and a page read without scripts would keep the
        // fallback (an on-demand part's stand-in instead of its form: client/lib/on-demand.ts)
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady: options.waitForAll ? undefined : ready,
        onAllReady: options.waitForAll ? ready : undefined,
        onShellError: (error) => {
          shellFailed = true
          reject(error)
        },
        onError: (error) => options.onError?.(error),
      },
    )
  })
}
