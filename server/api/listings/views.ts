import type { Queryable } from '../db/client.ts'
import { analyticsRepo } from './analytics-repo.ts'

/** Keys kept when writes keep failing; beyond it new views are dropped rather than memory growing. */
const MAX_PENDING = 100_000

/** The UTC day of a moment, YYYY-MM-DD. */
export const utcDay = (at: number = Date.now()): string => new Date(at).toISOString().slice(0, 10)

/**
 * Listing page views counted in memory and written in one batched upsert (issue 4), so counting
 * never adds a query to a page read. Views not yet flushed are lost if the process dies.
 */
export function viewCounter(db: Queryable) {
  const repo = analyticsRepo(db)
  let pending = new Map<string, number>()
  let flushing: Promise<void> | null = null

  const add = (key: string, n: number) => {
    if (!pending.has(key) && pending.size >= MAX_PENDING) return
    pending.set(key, (pending.get(key) ?? 0) + n)
  }

  return {
    /** Counts one view of a listing today. */
    record(listingId: number): void {
      add(`${listingId}|${utcDay()}`, 1)
    },

    /** Writes the counted views; on failure they stay counted for the next flush. Returns how many rows were written. */
    async flush(): Promise<number> {
      while (flushing) await flushing.catch(() => {})
      if (pending.size === 0) return 0
      const batch = pending
      pending = new Map()
      const counts = [...batch].map(([key, views]) => {
        const [id, day] = key.split('|')
        return { listingId: Number(id), day: day!, views }
      })
      flushing = repo.addViews(counts).finally(() => {
        flushing = null
      })
      try {
        await flushing
      } catch (err) {
        for (const [key, n] of batch) add(key, n)
        throw err
      }
      return counts.length
    },
  }
}
export type ViewCounter = ReturnType<typeof viewCounter>
