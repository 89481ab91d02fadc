import type { Queryable } from '../db/client.ts'
import type { RateLimitPolicy } from './limits.ts'

/**
 * The rows one kind of action writes, one row an action: the table (with its `created_at`) and the
 * columns and values naming whose rows they are. Table and column names are the code's, never input.
 */
export interface CountedRows {
  table: string
  owner: Record<string, string | number>
}

/**
 * Whether `adding` more actions (one by default) would pass the owner's window (USER_WINDOWS in
 * limits.ts): null when they fit, else how long until the oldest counted row leaves the window. Times are the database's clock.
 * Run it in the transaction that then writes the action's row: it first takes a transaction-scoped
 * lock on the table and owner, so one owner's checks and writes take turns and the count is exact
 * however many requests arrive at once.
 */
export async function windowFull(
  tx: Queryable,
  rows: CountedRows,
  window: RateLimitPolicy,
  adding = 1,
): Promise<{ retryAfterS: number } | null> {
  const columns = Object.keys(rows.owner)
  const values = Object.values(rows.owner)
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
    `user_window:${rows.table}:${JSON.stringify(values)}`,
  ])
  const [row] = await tx.query<{ count: number; retry_after_s: number | null }>(
    `SELECT count(*)::int AS count,
            ceil(extract(epoch FROM min(created_at) + make_interval(secs => $1::float8 / 1000) - now()))::int AS retry_after_s
       FROM ${rows.table}
      WHERE ${columns.map((column, i) => `${column} = $${i + 2}`).join(' AND ')}
        AND created_at > now() - make_interval(secs => $1::float8 / 1000)`,
    [window.windowMs, ...values],
  )
  if ((row?.count ?? 0) + adding <= window.max) return null
  return { retryAfterS: Math.max(1, row?.retry_after_s ?? 1) }
}
