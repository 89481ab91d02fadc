import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client.ts'
import { rateLimitRepo } from './rate-limit.repo.ts'

/** Fixed-window request counters that every API process shares (Redis when REDIS_URL is set, else PostgreSQL; docs/decisions/007-client-address-and-rate-limits.md). */
export interface Counters {
  readonly kind: 'postgres' | 'redis'
  /** Counts one request against `key`: the count in the current window and the milliseconds left in it. */
  hit(key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }>
  /** Forgets ended windows where the store does not expire them itself. */
  sweep(): Promise<void>
  close(): Promise<void>
}

/** Counters in the API's database (table rate_limit_counters). */
export function postgresCounters(db: Db, prefix = ''): Counters {
  const repo = rateLimitRepo(db)
  return {
    kind: 'postgres',
    hit: (key, windowMs) => repo.hit(prefix + key, windowMs),
    async sweep() {
      await repo.sweep()
    },
    async close() {},
  }
}

// INCR and the window's expiry in one script, so concurrent hits count exactly and a key never outlives its window.
const HIT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}`

/**
 * Counters in Redis. Commands fail at once while Redis is unreachable (no offline queue), so a
 * request never waits for it; the client reconnects in the background.
 */
export async function redisCounters(url: string, log: FastifyBaseLogger, prefix = 'khaneh:rl:'): Promise<Counters> {
  // ioredis is imported only when REDIS_URL is set (docs/decisions/035-memory-of-one-process.md)
  const { Redis } = await import('ioredis')
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
  })
  let down = false
  redis.on('error', (err: Error) => {
    if (!down) log.warn({ err: { message: err.message } }, 'rate_limit.redis_unavailable')
    down = true
  })
  redis.on('ready', () => {
    if (down) log.info('rate_limit.redis_ready')
    down = false
  })
  try {
    await redis.connect()
  } catch {
    // logged by the error handler above; the limits stay open until Redis answers
  }
  return {
    kind: 'redis',
    async hit(key, windowMs) {
      const [hits, ttl] = (await redis.eval(HIT, 1, prefix + key, String(windowMs))) as [number, number]
      return { hits, ttlMs: Math.max(1, ttl) }
    },
    async sweep() {},
    async close() {
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}
