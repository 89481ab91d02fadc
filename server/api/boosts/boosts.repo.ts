import { BOOST_DAYS } from '../../../shared/constants.ts'
import type { Queryable } from '../db/client.ts'

/** Boosts: a boost runs BOOST_DAYS from now, or from the end of the one running, so boosts stack. */
export function boostsRepo(db: Queryable) {
  return {
    /** Extends the listing's boost; its new end, or null when there is no such listing. Not an edit: `updated_at` stays, so a moderator's decision on the listing is not refused as stale. */
    async extend(listingId: number): Promise<Date | null> {
      const [row] = await db.query<{ boost_until: Date }>(
        `UPDATE listings SET boost_until = GREATEST(now(), COALESCE(boost_until, now())) + make_interval(days => $2)
          WHERE id = $1 RETURNING boost_until`,
        [listingId, BOOST_DAYS],
      )
      return row ? new Date(row.boost_until) : null
    },

    /** The listing's owner, status and slug, locked for the boost that follows; null when there is no such listing. */
    async lockListing(listingId: number): Promise<{ owner_id: number; status: string; slug: string } | null> {
      const [row] = await db.query<{ owner_id: number; status: string; slug: string }>(
        `SELECT owner_id, status, slug FROM listings WHERE id = $1 FOR NO KEY UPDATE`,
        [listingId],
      )
      return row ?? null
    },

    /** Takes one of the user's free boosts in one statement (never below zero); the boosts left, or null when there was none. */
    async takeFreeBoost(userId: number): Promise<number | null> {
      const [row] = await db.query<{ free_boosts: number }>(
        `UPDATE users SET free_boosts = free_boosts - 1, updated_at = now()
          WHERE id = $1 AND free_boosts > 0 AND deleted_at IS NULL RETURNING free_boosts`,
        [userId],
      )
      return row ? row.free_boosts : null
    },
  }
}
