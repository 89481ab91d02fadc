import type { ChangeFeed } from '../lib/change-bus.ts'
import { existsSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import path from 'node:path'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify'
import type { PublicConfig } from '../../shared/public-config.ts'
import { AppError, codeForStatus, errorAnswer, sendAppError, sendError } from '../lib/errors.ts'
import { envelopeServerErrors } from '../lib/framework-errors.ts'
import { loggerOptions, requestIdOf } from '../lib/logger.ts'
import { bodyLimitOf } from './body-limit.ts'
import { createMetrics, healthRoutes } from './health.ts'
import { manifestRoutes } from './manifest.routes.ts'
import { pageRoutes } from './pages.ts'
import { photosRoutes, type PhotoSource } from './photos.routes.ts'
import { mergeCallbackRoutes } from './merge-callback.routes.ts'
import { proxyRoutes } from './proxy.routes.ts'
import { sitemapRoutes } from './sitemap.routes.ts'
import { unreadStreamRoutes } from './unread-stream.routes.ts'
import { baseSecurityHeaders } from './security.ts'
import { createRenderCache } from './ssr/render-cache.ts'
import type { PageRenderer } from './ssr/renderer.ts'
import { createSessions, secureCookies } from './session.ts'
import { telegramLoginRoutes } from './telegram-login.routes.ts'
import { retryAfterHeaders } from './unavailable.ts'
import { createUpstream } from './upstream.ts'

export interface GatewayOptions {
  /** The product API origin (without /api/v1). */
  apiUrl: string
  publicBaseUrl: string
  /** What pages may know of the configuration (the server's publicConfig()); nothing else reaches the browser. */
  publicConfig?: PublicConfig
  renderer: PageRenderer
  /** The photo store, or for a pure gateway the API's reading of it (api-photos.ts). */
  photos: PhotoSource
  /** Built client assets (dist/client); absent in development, where Vite serves them. */
  clientDir?: string
  logLevel?: string
  upstreamTimeoutMs?: number
  /** Lifetime of anonymous pages in the render cache (default 5 s; 0 in development, or to turn it off). */
  renderCacheMs?: number
  /**
   * Writes that change public listings, from every process (the API's change bus in the same process,
   * or one listening on the same channel): the render cache empties what they make stale. Without it the
   * render cache is off (docs/decisions/006-caches-and-their-lifetimes.md).
   */
  changes?: ChangeFeed
  /** What the render cache may hold, in bytes (default 32 MB). */
  renderCacheBytes?: number
  isShuttingDown?: () => boolean
  /** METRICS_TOKEN: lets a scraper outside this machine read /metrics; without it, loopback only. */
  metricsToken?: string
  dev?: boolean
  /** Development only: requests go through this handler first (Vite's middleware), then to the gateway. */
  devMiddleware?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void
  /** URLs per sitemap file (default and most 50,000; tests use a few). */
  sitemapChunkSize?: number
  /** Listings per API read while a sitemap streams (default 1,000). */
  sitemapPageSize?: number
  /** Reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY); default loopback. */
  trustProxy?: string[]
  /** Connections to the API for ordinary calls (default 128). */
  upstreamConnections?: number
  /** Live unread streams this process holds at once; past it a new one is refused 503 (default 2,000). */
  maxUnreadStreams?: number
}

/** The BFF (docs/architecture.md): pages, the /api/v1 proxy, photos, health; never imports the API. */
export async function buildGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const securityHeaders = baseSecurityHeaders(options.publicBaseUrl.startsWith('https:'))
  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'info', 'gateway'),
    genReqId: requestIdOf,
    requestIdHeader: false,
    trustProxy: options.trustProxy ?? 'loopback',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    return503OnClosing: true,
    // a request must have arrived whole within 5 minutes (a listing's photos over a slow line fit; a body trickled for ever does not)
    requestTimeout: 300_000,
    ...envelopeServerErrors,
    // an address Fastify cannot route is answered before any hook: its answer gets the headers here
    frameworkErrors: (err, request, reply) => {
      reply.headers(securityHeaders)
      envelopeServerErrors.frameworkErrors!(err, request, reply)
    },
    ...(options.devMiddleware && {
      serverFactory: (handler: (req: IncomingMessage, res: ServerResponse) => void) =>
        createServer((req, res) => options.devMiddleware!(req, res, () => handler(req, res))),
    }),
  })
  const maxUnreadStreams = options.maxUnreadStreams ?? 2_000
  const upstream = createUpstream({
    baseUrl: options.apiUrl,
    timeoutMs: options.upstreamTimeoutMs,
    connections: options.upstreamConnections,
    streamConnections: maxUnreadStreams,
  })
  // a page is kept only where every write that changes it is heard (docs/decisions/006-caches-and-their-lifetimes.md)
  const renderCache = createRenderCache({
    ttlMs: options.changes ? (options.renderCacheMs ?? (options.dev ? 0 : 5_000)) : 0,
    maxBytes: options.renderCacheBytes ?? 32 * 1024 * 1024,
    changes: options.changes,
  })
  const metrics = createMetrics(renderCache, () => ({ render: renderCache.stats() }))
  const sessions = createSessions(upstream, options.publicBaseUrl)
  app.addHook('onClose', () => upstream.close())
  // A client that asks first (Expect: 100-continue) hears 413 before sending a body that would be refused anyway.
  app.server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!
    if (path.startsWith('/api/v1/') && Number(req.headers['content-length']) > bodyLimitOf(path)) {
      const answer = errorAnswer('PAYLOAD_TOO_LARGE')
      const body = JSON.stringify(answer.body)
      res
        .writeHead(answer.status, {
          ...securityHeaders,
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          connection: 'close',
        })
        .end(body)
      return
    }
    res.writeContinue()
    app.server.emit('request', req, res)
  })
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(securityHeaders)
  })
  // every 503 says when to come back; the API's own Retry-After, when passed on, is kept
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('retry-after')) reply.headers(retryAfterHeaders(reply.statusCode))
    return payload
  })
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched'
    metrics.requestDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    )
  })
  app.setErrorHandler((err: Error & { statusCode?: number }, request, reply) => {
    if (err instanceof AppError) return sendAppError(reply, err)
    const status = err.statusCode ?? 500
    if (status >= 500) request.log.error({ err }, 'gateway.failed')
    sendError(reply, codeForStatus(status), status >= 500 ? 'Internal server error' : err.message, null, status)
  })
  // pages answer every GET; any other method off the API (TRACE, PUT /, …) is nothing of ours
  app.setNotFoundHandler((request, reply) => {
    sendError(reply, 'NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`)
  })

  await app.register(cookie)
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] })

  if (options.clientDir && existsSync(options.clientDir)) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      wildcard: false,
      index: false,
      allowedPath: (pathName) => !pathName.startsWith('/.vite'),
      // Fingerprinted bundles never change; the service worker and the build-freshness files
      // (builds/latest.json, docs/decisions/043-build-freshness.md) are revalidated on every load, so an update reaches
      // browsers at once; everything else (logo, favicon) is revalidated daily.
      setHeaders: (res, sentPath) => {
        const filePath = sentPath.replace(/\.(br|gz)$/, '')
        const immutable = filePath.startsWith(path.join(options.clientDir!, 'assets') + path.sep)
        const revalidate =
          filePath === path.join(options.clientDir!, 'sw.js') ||
          filePath.startsWith(path.join(options.clientDir!, 'builds') + path.sep)
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : revalidate ? 'no-cache' : 'public, max-age=86400',
        )
      },
      cacheControl: false,
      // the build's brotli and gzip copies (scripts/precompress.ts), sent as they are; Vary: Accept-Encoding
      preCompressed: true,
    })
  }

  // A bundle or build file that is not there (an old page asking for a chunk a deploy removed) is a
  // plain 404, never the HTML of a page: the browser's import fails and the page reloads once.
  const missingFile = async (_request: unknown, reply: FastifyReply) =>
    reply
      .status(404)
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send('Not Found')
  app.get('/assets/*', missingFile)
  app.get('/builds/*', missingFile)

  await app.register(healthRoutes, {
    upstream,
    metrics,
    isShuttingDown: options.isShuttingDown ?? (() => false),
    metricsToken: options.metricsToken,
  })
  await app.register(photosRoutes, { photos: options.photos })
  await app.register(manifestRoutes)
  await app.register(proxyRoutes, { upstream, sessions, publicBaseUrl: options.publicBaseUrl })
  await app.register(sitemapRoutes, {
    upstream,
    publicBaseUrl: options.publicBaseUrl,
    chunkSize: options.sitemapChunkSize,
    pageSize: options.sitemapPageSize,
  })
  await app.register(unreadStreamRoutes, { upstream, sessions, maxStreams: maxUnreadStreams })
  await app.register(mergeCallbackRoutes, { upstream, sessions, publicBaseUrl: options.publicBaseUrl })
  await app.register(telegramLoginRoutes, { upstream, sessions, publicBaseUrl: options.publicBaseUrl })
  await app.register(pageRoutes, {
    renderer: options.renderer,
    upstream,
    sessions,
    metrics,
    publicBaseUrl: options.publicBaseUrl,
    publicConfig: options.publicConfig ?? {},
    secureCookies: secureCookies(options.publicBaseUrl),
    renderCache,
    dev: options.dev,
  })
  return app
}
