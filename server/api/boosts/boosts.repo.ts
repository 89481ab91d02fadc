import { BOOST_DAYS } from '../../../shared/constants.ts'
import type { Queryable } from '../db/client.ts'

/** Boosts: a boost runs BOOST_DAYS from now, or from the end of the one running, so boosts stack. */
export function boostsRepo(db: Queryable) {
  return {
    /** Extends the listing's boost; its new end, or null when there is no such listing. */
    async extend(listingId: number): Promise<Date | null> {
      const [row] = await db.query<{ boost_until: Date }>(
        `UPDATE listings SET boost_until = GREATEST(now(), COALESCE(boost_until, now())) + make_interval(days => $2),
                updated_at = now()
          WHERE id = $1 RETURNING boost_until`,
        [listingId, BOOST_DAYS],
      )
      return row ? new Date(row.boost_until) : null
    },
  }
}
