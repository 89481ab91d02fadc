import type { Queryable } from '../db/client.ts'

export function rateLimitRepo(db: Queryable) {
  return {
    /**
     * Counts one request against `key` and answers the count and the time left in its window.
     * One statement: concurrent hits of one key are serialized on its row, so counts are exact.
     */
    async hit(key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }> {
      const [row] = await db.query<{ hits: number; ttl_ms: string | number }>(
        `INSERT INTO rate_limit_counters AS c (key, hits, reset_at)
         VALUES ($1, 1, now() + make_interval(secs => $2::float8 / 1000))
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN c.reset_at <= now() THEN 1 ELSE c.hits + 1 END,
           reset_at = CASE WHEN c.reset_at <= now() THEN excluded.reset_at ELSE c.reset_at END
         RETURNING hits, ceil(extract(epoch FROM reset_at - now()) * 1000)::bigint AS ttl_ms`,
        [key, windowMs],
      )
      return { hits: row!.hits, ttlMs: Math.max(1, Number(row!.ttl_ms)) }
    },

    /** Forgets windows that ended; answers how many. */
    async sweep(): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        `WITH gone AS (DELETE FROM rate_limit_counters WHERE reset_at <= now() RETURNING 1) SELECT count(*)::int AS n FROM gone`,
      )
      return row?.n ?? 0
    },
  }
}
