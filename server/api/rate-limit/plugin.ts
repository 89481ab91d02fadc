import rateLimit, { normalizeIP } from '@fastify/rate-limit'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../../lib/errors.ts'
import { postgresCounters, redisCounters, type Counters } from './counters.ts'
import { RATE_LIMIT_POLICIES, type RateLimitPolicies, type RateLimitPolicyName } from './limits.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The per-client limit of this route (rate-limit/limits.ts): one line on any route. */
    rateLimitPolicy?: RateLimitPolicyName
  }
}

export interface RateLimitOptions {
  /** Counters in Redis when set (REDIS_URL), else in the database. */
  redisUrl?: string
  /** Replaces named policies' numbers (tests of unrelated features raise them). */
  policies?: Partial<RateLimitPolicies>
  /** Prepended to every counter key, so tests sharing one Redis never meet. */
  keyPrefix?: string
}

const SWEEP_EVERY_MS = 10 * 60_000

/** The client a limit counts against: its address behind TRUST_PROXY, an IPv6 client by its /64. */
export const clientOf = (request: FastifyRequest): string => normalizeIP(request.ip)

/** A @fastify/rate-limit store over our counters; one child per route, each its own counter. */
function counterStore(counters: Counters, log: FastifyBaseLogger) {
  let failing = false
  return class CounterStore {
    private readonly scope: string
    constructor(_options: unknown, scope = '') {
      this.scope = scope
    }

    incr(
      key: string,
      done: (err: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counters.hit(this.scope + key, timeWindow).then(
        ({ hits, ttlMs }) => {
          failing = false
          done(null, { current: hits, ttl: ttlMs })
        },
        (err: unknown) => {
          // Availability over limiting: when the counters cannot be reached the request goes on.
          if (!failing) log.warn({ err, store: counters.kind }, 'rate_limit.store_failed')
          failing = true
          done(null, { current: 0, ttl: timeWindow })
        },
      )
    }

    child(routeOptions: object): CounterStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo
      return new CounterStore(undefined, `${String(route?.method)} ${String(route?.url)}|`)
    }
  }
}

/**
 * Per-client request limits (docs/decisions/007-client-address-and-rate-limits.md) on the routes that name a policy: the count is shared by
 * every API process through the counters, and the 429 is the error envelope with Retry-After.
 * Plugins whose routes name a policy depend on this one, so it is registered before their routes.
 */
export default fp<RateLimitOptions>(
  async (app, options) => {
    const policies: RateLimitPolicies = { ...RATE_LIMIT_POLICIES, ...options.policies }
    const counters = options.redisUrl
      ? await redisCounters(options.redisUrl, app.log, `khaneh:rl:${options.keyPrefix ?? ''}`)
      : postgresCounters(app.db, options.keyPrefix)
    let sweeper: NodeJS.Timeout | undefined
    app.addHook('onReady', async () => {
      // one process at a time (docs/decisions/033-jobs-once-across-processes.md)
      const sweep = () => app.db.runAlone('rate_limit.sweep', () => counters.sweep())
      sweeper = setInterval(
        () => sweep().catch((err: unknown) => app.log.warn({ err }, 'rate_limit.sweep_failed')),
        SWEEP_EVERY_MS,
      )
      sweeper.unref()
    })
    app.addHook('onClose', async () => {
      clearInterval(sweeper)
      await counters.close()
    })

    // Before @fastify/rate-limit's own onRoute hook, which reads config.rateLimit.
    app.addHook('onRoute', (route) => {
      const name = route.config?.rateLimitPolicy
      if (!name) return
      const policy = policies[name]
      route.config = {
        ...route.config,
        rateLimitPolicy: name,
        rateLimit: { max: policy.max, timeWindow: policy.windowMs },
      }
    })

    // Every RATE_LIMITED answer tells when to come back, also those thrown by services with retry_after_s.
    app.addHook('onError', async (_request, reply, err) => {
      const details = err instanceof AppError && err.code === 'RATE_LIMITED' ? err.details : null
      const retryAfterS = details && 'retry_after_s' in details ? details.retry_after_s : null
      if (typeof retryAfterS === 'number' && !reply.hasHeader('retry-after'))
        reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterS))))
    })

    await app.register(rateLimit, {
      global: false,
      store: counterStore(counters, app.log),
      onExceeded: (request) =>
        request.log.info({ policy: request.routeOptions.config.rateLimitPolicy }, 'rate_limit.exceeded'),
      errorResponseBuilder: (_request, context) =>
        new AppError('RATE_LIMITED', 'Too many requests; try again later', {
          reason: 'too_many_requests',
          retry_after_s: Math.max(1, Math.ceil(context.ttl / 1000)),
        }),
    })
  },
  { name: 'rate-limit', fastify: '5.x', dependencies: ['db'] },
)
