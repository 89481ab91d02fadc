import { createHash, randomBytes } from 'node:crypto'
import type { Queryable } from '../../db/client.ts'
import { analyticsRepo, type ViewSeen } from './analytics.repo.ts'

/** Viewers kept when writes keep failing; beyond it new views are dropped rather than memory growing. */
const MAX_PENDING = 100_000
const DAY_MS = 86_400_000

/** The UTC day of a moment, YYYY-MM-DD. */
export const utcDay = (at: number = Date.now()): string => new Date(at).toISOString().slice(0, 10)

/** Who viewed: a signed-in user, or an anonymous viewer known only by address and user agent. */
export type ListingViewer = { userId: number } | { address: string; userAgent: string }

/**
 * Listing page views, one per viewer per listing per UTC day, counted in memory and written in
 * one batched statement (docs/decisions/008-one-view-per-visitor-per-day.md), so counting never adds a query to a page read. A viewer is a
 * hash of who they are under the day's random salt: nothing personal is stored, and once the salt
 * of a day is deleted (the day after) its hashes cannot be linked to anyone. Views not yet flushed
 * are lost if the process dies.
 */
export function viewCounter(db: Queryable) {
  const repo = analyticsRepo(db)
  let pending = new Map<string, ViewSeen>()
  let flushing: Promise<void> | null = null
  let salt: { day: string; value: Promise<Buffer> } | null = null

  const saltOf = (day: string): Promise<Buffer> => {
    if (salt?.day !== day) {
      const value = repo.daySalt(day, randomBytes(32))
      salt = { day, value }
      // a failed read is retried by the next view rather than cached for the day
      value.catch(() => {
        if (salt?.value === value) salt = null
      })
    }
    return salt.value
  }

  const add = (seen: ViewSeen) => {
    const key = `${seen.listingId}|${seen.day}|${seen.visitor}`
    if (pending.has(key) || pending.size >= MAX_PENDING) return
    pending.set(key, seen)
  }

  return {
    /** Counts a view of a listing today, unless this viewer has viewed it today already. */
    async record(listingId: number, viewer: ListingViewer): Promise<void> {
      const day = utcDay()
      const who = 'userId' in viewer ? `user:${viewer.userId}` : `anon:${viewer.address}\n${viewer.userAgent}`
      const hash = createHash('sha256')
        .update(await saltOf(day))
        .update(who)
        .digest('base64url')
        .slice(0, 22)
      add({ listingId, day, visitor: hash })
    },

    /** Writes the counted viewers; on failure they stay for the next flush. Returns how many were sent. */
    async flush(): Promise<number> {
      while (flushing) await flushing.catch(() => {})
      if (pending.size === 0) return 0
      const batch = pending
      pending = new Map()
      const seen = [...batch.values()]
      flushing = repo.addViews(seen).finally(() => {
        flushing = null
      })
      try {
        await flushing
      } catch (err) {
        for (const one of seen) add(one)
        throw err
      }
      return seen.length
    },

    /** Deletes the viewers and salts of days before yesterday (their views stay counted). */
    async forgetOldViewers(now: number = Date.now()): Promise<void> {
      await repo.forgetViewersBefore(utcDay(now - DAY_MS))
    },
  }
}
export type ViewCounter = ReturnType<typeof viewCounter>
