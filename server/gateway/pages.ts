import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { LocaleCode } from '../../shared/locales.ts'
import { tileImageSource } from '../../shared/map-tiles.ts'
import type { PublicConfig } from '../../shared/public-config.ts'
import { isbot } from 'isbot'
import { notingViewerChecks, viewerSavedListings, serverTransport } from './api-transport.ts'
import { documentPostRules, FORM_CONTENT_TYPE, refuseDocumentPost } from './document-post.ts'
import { compressor, pickEncoding } from './encoding.ts'
import type { Metrics } from './health.ts'
import { localeCookie, requestLocale, withoutDefaultPrefix } from './locale.ts'
import { pageCacheControl } from './page-cache-control.ts'
import { newNonce, nonceSource, pageSecurityHeaders } from './security.ts'
import {
  keyAddress,
  keyLocale,
  notingShownListings,
  pageKey,
  viewersKey,
  renderShared,
  variant,
  type CachedPage,
  type RenderCache,
} from './ssr/render-cache.ts'
import { savedListingsEnd } from './ssr/saved-listings.ts'
import type { PageRenderer, PageRenderOptions } from './ssr/renderer.ts'
import type { Transport } from '../../client/lib/api/call.ts'
import { noSession, type RequestSession, type Sessions, type Viewer } from './session.ts'
import { retryAfterHeaders } from './unavailable.ts'
import type { Upstream } from './upstream.ts'

export interface PagesOptions {
  renderer: PageRenderer
  upstream: Upstream
  sessions: Sessions
  publicBaseUrl: string
  publicConfig: PublicConfig
  metrics: Metrics
  secureCookies: boolean
  /** Anonymous pages served from memory (docs/decisions/024-page-render-cache.md); absent or disabled: every page is rendered. */
  renderCache?: RenderCache
  /** The longest a page may stream before it is cut off. */
  streamTimeoutMs?: number
  dev?: boolean
}

const FALLBACK_500 = `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Internal Server Error</title></head><body style="font-family:system-ui,sans-serif;text-align:center;padding:64px 16px"><h1>خطای داخلی سرور · Internal Server Error</h1><p><a href="/">خانه · Home</a></p></body></html>`

/** Says how a page was answered: from the render cache, rendered into it, or rendered for this request alone. */
const CACHE_HEADER = 'x-khaneh-render-cache'

/** Every other GET is a page: locale rules, then React Router's loaders and a render (streamed, or from the render cache); a POST, a form sent to it. */
export const pageRoutes: FastifyPluginAsync<PagesOptions> = async (app, options) => {
  const streamTimeoutMs = options.streamTimeoutMs ?? 10_000
  const cache = options.renderCache?.enabled ? options.renderCache : undefined
  const securityFlags = {
    dev: options.dev,
    telegram: Boolean(options.publicConfig.telegramBotUsername),
    firebase: Boolean(options.publicConfig.firebaseApiKey),
    https: options.publicBaseUrl.startsWith('https:'),
    mapTiles: options.publicConfig.mapTiles && tileImageSource(options.publicConfig.mapTiles.url),
  }
  const observe = (started: bigint, status: number, method = 'GET') =>
    options.metrics.requestDuration.observe(
      { method, route: 'page', status: String(status) },
      Number(process.hrtime.bigint() - started) / 1e9,
    )

  const pageOptions = (page: {
    url: URL
    locale: LocaleCode
    nonce: string
    viewer: Viewer
    session: RequestSession
    headers: Record<string, string>
    waitForAll: boolean
    onError: (error: unknown) => void
    signal?: AbortSignal
    /** A form's urlencoded body, sent to the page: its route's action runs first. */
    form?: string
    /** A shared render's own transport; `hasSession` then says whom it is for. */
    shared?: { transport: Transport; hasSession: boolean }
  }): PageRenderOptions => ({
    request: new Request(
      page.url,
      page.form === undefined
        ? { headers: page.headers, signal: page.signal }
        : {
            method: 'POST',
            headers: { ...page.headers, 'content-type': FORM_CONTENT_TYPE },
            body: page.form,
            signal: page.signal,
          },
    ),
    locale: page.locale,
    transport: page.shared?.transport ?? serverTransport(options.upstream, page.viewer, page.session),
    nonce: page.nonce,
    publicBaseUrl: options.publicBaseUrl,
    publicConfig: options.publicConfig,
    hasSession: page.shared?.hasSession ?? page.session.access() !== undefined,
    waitForAll: page.waitForAll,
    onError: page.onError,
  })

  /** The cookies of a page response: the visitor's language on a first visit, and whatever their session renewed. */
  const responseCookies = (request: FastifyRequest, session?: RequestSession): string[] => {
    const cookie = localeCookie(request, options.secureCookies)
    const renewed = session?.setCookies() ?? []
    return cookie ? [cookie, ...renewed] : renewed
  }

  /** A page that could not be rendered: the fallback 500, with the session's renewed cookies (a rotated refresh token must reach the browser). */
  const fail = (request: FastifyRequest, reply: FastifyReply, err: unknown, session?: RequestSession) => {
    request.log.error({ err }, 'ssr.render_failed')
    const cookies = session?.setCookies() ?? []
    if (cookies.length > 0) reply.header('set-cookie', cookies)
    reply.status(500).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store')
    return reply.send(FALLBACK_500)
  }

  /** The headers every response of a cached page has, made once per page (a page is kept for one address). */
  const commonHeaders = new WeakMap<CachedPage, Record<string, string>>()

  /**
   * A cached page's bytes in the viewer's encoding, with headers of this response's own (no cookie
   * is ever kept with a page: a viewer's renewed session cookies are this response's), and, for a viewer
   * who saved some of a viewers' copy's listings, those marked at its end.
   */
  const sendCached = (
    request: FastifyRequest,
    reply: FastifyReply,
    page: CachedPage,
    state: 'hit' | 'miss',
    started: bigint,
    viewer?: { session: RequestSession; saved: number[] },
  ) => {
    const session = viewer?.session
    const encoding = pickEncoding(request.headers['accept-encoding'])
    const [start, end] = variant(page, encoding, viewer?.saved.length ? savedListingsEnd(viewer.saved) : undefined)
    let common = commonHeaders.get(page)
    if (!common) {
      common = {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': pageCacheControl(new URL(request.url, options.publicBaseUrl).pathname, page.status),
        vary: 'Accept-Encoding, Cookie',
        ...pageSecurityHeaders(page.scriptSources, securityFlags),
      }
      commonHeaders.set(page, common)
    }
    const headers: Record<string, string> = {
      ...common,
      'content-length': String(start.length + end.length),
      'x-request-id': request.id,
      [CACHE_HEADER]: state,
    }
    if (encoding) headers['content-encoding'] = encoding
    const cookies = responseCookies(request, session)
    reply.hijack()
    Object.assign(headers, retryAfterHeaders(page.status))
    reply.raw.writeHead(page.status, cookies.length > 0 ? { ...headers, 'set-cookie': cookies } : headers)
    // one write of the headers, the start and the end (end() uncorks)
    reply.raw.cork()
    reply.raw.write(start)
    reply.raw.end(end)
    observe(started, page.status)
    options.metrics.renderCacheRequests.inc({ result: state, visitor: session ? 'signed_in' : 'anonymous' })
  }

  /**
   * A shared page rendered for the cache, once for every request waiting on it: the anonymous copy,
   * or, given the viewer's session, the signed-in viewers' one. A redirect or a failure is answered
   * at once (with the session's renewed cookies), never kept.
   */
  const sharedCopy = async (
    request: FastifyRequest,
    reply: FastifyReply,
    cache: RenderCache,
    key: string,
    session: RequestSession | undefined,
  ): Promise<CachedPage | 'answered'> => {
    const forViewers = session !== undefined
    let rendered
    try {
      // from the key's own address, in full, with nothing of this viewer's (their request id and
      // address still go to the API, as for any call the gateway makes for them); a viewers' copy
      // reads as anyone does, and notes what each viewer's page could differ by (its reads, its listings' marks);
      // what its answers show of the listings says which writes empty it
      const page = { url: new URL(keyAddress(key), options.publicBaseUrl), locale: keyLocale(key) }
      const noted = notingViewerChecks(serverTransport(options.upstream, request, noSession))
      const shown = notingShownListings(noted.transport)
      rendered = await cache.fill(forViewers ? viewersKey(key) : key, () =>
        renderShared(
          (marker, onError) =>
            options.renderer.render(
              pageOptions({
                ...page,
                nonce: marker,
                viewer: request,
                session: noSession,
                headers: {},
                waitForAll: true,
                shared: { transport: shown.transport, hasSession: forViewers },
                onError: (err) => {
                  onError(err)
                  request.log.error({ err }, 'ssr.render_error')
                },
              }),
            ),
          streamTimeoutMs,
          shown.shows,
          forViewers ? noted.checks : undefined,
        ),
      )
    } catch (err) {
      fail(request, reply, err, session)
      return 'answered'
    }
    if (rendered.kind === 'redirect') {
      const cookies = responseCookies(request, session)
      if (cookies.length > 0) reply.header('set-cookie', cookies)
      options.metrics.renderCacheRequests.inc({ result: 'miss', visitor: session ? 'signed_in' : 'anonymous' })
      reply.header(CACHE_HEADER, 'miss').redirect(rendered.location, rendered.status)
      return 'answered'
    }
    return rendered.page
  }

  app.get('*', async (request, reply) => {
    const url = new URL(request.url, options.publicBaseUrl)
    // fa is the unprefixed default: /fa/... is the same page at its canonical address.
    const canonical = withoutDefaultPrefix(url)
    if (canonical) return reply.redirect(canonical, 301)
    const locale = requestLocale(request)
    const started = process.hrtime.bigint()
    const sharing = () => options.renderer.pageSharing?.(url.pathname, locale) ?? null
    let session: RequestSession | undefined
    const signedIn = options.sessions.mayHaveSession(request)
    if (cache && !signedIn) {
      const key = pageKey(locale, url)
      // only shared pages are ever kept: a hit needs no look at the routes
      const cached = cache.get(key)
      if (cached) return sendCached(request, reply, cached, 'hit', started)
      if (sharing()) {
        const page = await sharedCopy(request, reply, cache, key, undefined)
        return page === 'answered' ? reply : sendCached(request, reply, page, 'miss', started)
      }
    } else if (cache && sharing() === 'viewers') {
      // a signed-in viewer: the viewers' copy, with their saved listings marked, unless their page
      // differs otherwise (their own listing, a contact they opened)
      session = await options.sessions.open(request)
      if (session.access() !== undefined) {
        const key = pageKey(locale, url)
        const hit = cache.get(viewersKey(key))
        const page = hit ?? (await sharedCopy(request, reply, cache, key, session))
        if (page === 'answered') return reply
        const saved = await viewerSavedListings(options.upstream, request, session, page.viewerChecks)
        if (saved) return sendCached(request, reply, page, hit ? 'hit' : 'miss', started, { session, saved })
      }
    }
    if (cache)
      options.metrics.renderCacheRequests.inc({ result: 'bypass', visitor: signedIn ? 'signed_in' : 'anonymous' })
    return renderFor(request, reply, {
      url,
      locale,
      started,
      session: session ?? (await options.sessions.open(request)),
    })
  })

  // A form sent to a page, without the app or before it started: the route's action, then the address
  // it sends the browser to (always 303: the browser asks it with a GET, and never sends the form again)
  // or the page with what the action answered (docs/decisions/041-forms-without-javascript.md).
  await app.register(async (posts) => {
    const rules = documentPostRules(posts, new URL(options.publicBaseUrl).origin)
    posts.post('*', { onRequest: rules.onRequest }, async (request, reply) => {
      const url = new URL(request.url, options.publicBaseUrl)
      const canonical = withoutDefaultPrefix(url)
      if (canonical) return reply.redirect(canonical, 308)
      if (typeof request.body !== 'string') return refuseDocumentPost(reply, 415)
      const session = await options.sessions.open(request)
      const locale = requestLocale(request)
      return renderFor(request, reply, { url, locale, started: process.hrtime.bigint(), session, form: request.body })
    })
  })

  /** A page rendered for this request alone and streamed, or the redirect its route answered. */
  async function renderFor(
    request: FastifyRequest,
    reply: FastifyReply,
    page: { url: URL; locale: LocaleCode; started: bigint; session: RequestSession; form?: string },
  ) {
    const { url, locale, started, session, form } = page
    const nonce = newNonce()
    const controller = new AbortController()
    const headers = {
      'accept-language': request.headers['accept-language'] ?? '',
      'user-agent': request.headers['user-agent'] ?? '',
    }
    const waitForAll = isbot(request.headers['user-agent'] ?? '')

    let result
    try {
      result = await options.renderer.render(
        pageOptions({
          url,
          locale,
          nonce,
          viewer: request,
          session,
          headers,
          waitForAll,
          onError: (err) => request.log.error({ err }, 'ssr.render_error'),
          signal: controller.signal,
          form,
        }),
      )
    } catch (err) {
      return fail(request, reply, err, session)
    }

    const setCookies = responseCookies(request, session)
    if (result.kind === 'redirect') {
      if (setCookies.length > 0) reply.header('set-cookie', setCookies)
      if (cache) reply.header(CACHE_HEADER, 'bypass')
      return reply.redirect(result.location, form === undefined ? result.status : 303)
    }

    // Stream straight into the socket (measured 15–25 % faster than handing Fastify a PassThrough).
    reply.hijack()
    const raw = reply.raw
    const encoding = pickEncoding(request.headers['accept-encoding'])
    const responseHeaders: Record<string, string | string[]> = {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': pageCacheControl(url.pathname, result.status),
      vary: 'Accept-Encoding, Cookie',
      'x-request-id': request.id,
      ...(cache && { [CACHE_HEADER]: 'bypass' }),
      ...pageSecurityHeaders([nonceSource(nonce)], securityFlags),
      ...retryAfterHeaders(result.status),
    }
    if (setCookies.length > 0) responseHeaders['set-cookie'] = setCookies
    if (encoding) responseHeaders['content-encoding'] = encoding
    raw.writeHead(result.status, responseHeaders)

    // React calls flush() on the destination after each batch, so a compressor still streams.
    const destination = encoding ? compressor(encoding) : null
    if (destination) destination.pipe(raw)

    const timer = setTimeout(() => result.abort(new Error('stream timeout')), streamTimeoutMs)
    raw.on('close', () => {
      clearTimeout(timer)
      if (!raw.writableFinished) {
        controller.abort()
        result.abort(new Error('client closed'))
      }
      observe(started, result.status, request.method)
    })
    result.pipe(destination ?? raw)
  }
}
