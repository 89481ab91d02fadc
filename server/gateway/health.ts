import { timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { sendError } from '../lib/errors.ts'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Upstream } from './upstream.ts'

export interface HealthOptions {
  upstream: Upstream
  /** True once shutdown began: readiness turns 503 so load balancers stop sending traffic. */
  isShuttingDown: () => boolean
  /** METRICS_TOKEN: /metrics for a scraper elsewhere with this bearer token; without it, loopback only. */
  metricsToken?: string
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/

/**
 * A scraper on this machine: the socket's own peer is loopback and no proxy forwarded the call
 * (a reverse proxy on the same host connects from loopback too, but says for whom).
 */
function isInternal(request: FastifyRequest): boolean {
  return LOOPBACK.test(request.socket.remoteAddress ?? '') && request.headers['x-forwarded-for'] === undefined
}

function hasToken(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(request.headers.authorization ?? '')
  const expected = Buffer.from(`Bearer ${token}`)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** What a cache holds, and the most it may. */
export interface CacheStats {
  entries: number
  bytes: number
  maxBytes: number
}

/**
 * Prometheus metrics of one gateway; `renderCache` reports what the page render cache holds, `caches`
 * what every cache of the gateway holds, by name (docs/decisions/006-caches-and-their-lifetimes.md).
 */
export function createMetrics(
  renderCache?: { stats(): { entries: number; bytes: number } },
  caches?: () => Record<string, CacheStats>,
) {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of HTTP requests served by the gateway',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  })
  const renderCacheRequests = new Counter({
    name: 'khaneh_render_cache_requests_total',
    help: 'Page requests by how the render cache answered them (hit, miss: rendered into it, bypass: rendered alone) and by visitor (anonymous, or signed_in: with session cookies)',
    labelNames: ['result', 'visitor'] as const,
    registers: [registry],
  })
  if (renderCache) {
    new Gauge({
      name: 'khaneh_render_cache_bytes',
      help: 'What the pages in the render cache weigh, compressed variants included',
      registers: [registry],
      collect() {
        this.set(renderCache.stats().bytes)
      },
    })
    new Gauge({
      name: 'khaneh_render_cache_entries',
      help: 'Pages in the render cache',
      registers: [registry],
      collect() {
        this.set(renderCache.stats().entries)
      },
    })
  }
  if (caches) {
    const gauge = (name: string, help: string, of: (stats: CacheStats) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['cache'] as const,
        registers: [registry],
        collect() {
          for (const [cache, stats] of Object.entries(caches())) this.set({ cache }, of(stats))
        },
      })
    gauge('khaneh_cache_bytes', 'What the entries of each cache weigh (estimated, keys included)', (s) => s.bytes)
    gauge('khaneh_cache_max_bytes', 'The most the entries of each cache may weigh', (s) => s.maxBytes)
    gauge('khaneh_cache_entries', 'Entries in each cache', (s) => s.entries)
  }
  return { registry, requestDuration, renderCacheRequests }
}
export type Metrics = ReturnType<typeof createMetrics>

/** /healthz (process alive, no dependency calls), /readyz (API and database answer), /metrics. */
export const healthRoutes: FastifyPluginAsync<HealthOptions & { metrics: Metrics }> = async (app, options) => {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return { status: 'ok' }
  })

  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    if (options.isShuttingDown()) return reply.status(503).send({ status: 'shutting_down' })
    try {
      const res = await options.upstream.json({
        method: 'GET',
        path: '/api/v1/health',
        signal: AbortSignal.timeout(2_000),
      })
      if (res.status !== 200) return reply.status(503).send({ status: 'api_unhealthy' })
      return { status: 'ready' }
    } catch {
      return reply.status(503).send({ status: 'api_unreachable' })
    }
  })

  app.get('/metrics', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    if (!isInternal(request) && !(options.metricsToken && hasToken(request, options.metricsToken))) {
      // without a token nothing outside this machine is told the route exists
      if (!options.metricsToken) return sendError(reply, 'NOT_FOUND')
      return sendError(reply.header('www-authenticate', 'Bearer'), 'UNAUTHENTICATED')
    }
    reply.header('content-type', options.metrics.registry.contentType)
    return options.metrics.registry.metrics()
  })
}
