import type { Queryable } from '../../db/client.ts'

export interface ViewSeen {
  listingId: number
  /** UTC day, YYYY-MM-DD */
  day: string
  /** The viewer's salted hash (see views.ts). */
  visitor: string
}

export interface AnalyticsRow {
  listing_id: number
  views_total: number
  views_7d: number
  /** Views on each of the last 14 UTC days, oldest first (a sparkline). */
  views_14d: number[]
  favorites: number
  /** Viewers who opened the contact: one row each, however often they look; the owner's own looks are not counted. */
  contact_reveals: number
}

/** SQL of listing analytics: daily views, favourites and contact reveals. */
export function analyticsRepo(db: Queryable) {
  return {
    /**
     * Records viewers and adds one view for each one not yet seen on that listing that day, in one
     * statement, so that several processes never count a viewer twice; listings deleted meanwhile are skipped.
     */
    async addViews(seen: ViewSeen[]): Promise<void> {
      if (seen.length === 0) return
      await db.query(
        `WITH fresh AS (
           INSERT INTO listing_view_visitors (listing_id, day, visitor)
           SELECT s.listing_id, s.day, s.visitor
             FROM unnest($1::int[], $2::date[], $3::text[]) AS s(listing_id, day, visitor)
             JOIN listings l ON l.id = s.listing_id
           ON CONFLICT DO NOTHING
           RETURNING listing_id, day
         )
         INSERT INTO listing_views_daily (listing_id, day, views)
         SELECT listing_id, day, count(*)::int FROM fresh GROUP BY listing_id, day
         ON CONFLICT (listing_id, day) DO UPDATE SET views = listing_views_daily.views + EXCLUDED.views`,
        [seen.map((s) => s.listingId), seen.map((s) => s.day), seen.map((s) => s.visitor)],
      )
    },

    /** The salt of a UTC day: created by the first process that asks, the same for every later one. */
    async daySalt(day: string, fresh: Buffer): Promise<Buffer> {
      const [row] = await db.query<{ salt: Buffer | Uint8Array }>(
        `INSERT INTO view_salts (day, salt) VALUES ($1::date, $2) ON CONFLICT (day) DO UPDATE SET day = EXCLUDED.day RETURNING salt`,
        [day, fresh],
      )
      return Buffer.from(row!.salt)
    },

    /** Forgets viewers and salts of days before `keepFrom`; afterwards their hashes cannot be recomputed. */
    async forgetViewersBefore(keepFrom: string): Promise<void> {
      await db.query(`DELETE FROM listing_view_visitors WHERE day < $1::date`, [keepFrom])
      await db.query(`DELETE FROM view_salts WHERE day < $1::date`, [keepFrom])
    },

    /** The numbers of many listings in one query (views since `weekStart` are the 7-day count; days from `fortnightStart` to `today` the sparkline). */
    async summaries(
      listingIds: number[],
      days: { weekStart: string; fortnightStart: string; today: string },
    ): Promise<AnalyticsRow[]> {
      if (listingIds.length === 0) return []
      return db.query<AnalyticsRow>(
        `SELECT l.id AS listing_id, l.favorite_count AS favorites,
                COALESCE((SELECT sum(v.views) FROM listing_views_daily v WHERE v.listing_id = l.id), 0)::int AS views_total,
                COALESCE((SELECT sum(v.views) FROM listing_views_daily v WHERE v.listing_id = l.id AND v.day >= $2::date), 0)::int AS views_7d,
                ARRAY(SELECT COALESCE(v.views, 0)
                        FROM generate_series($3::date, $4::date, interval '1 day') AS d (day)
                        LEFT JOIN listing_views_daily v ON v.listing_id = l.id AND v.day = d.day::date
                       ORDER BY d.day) AS views_14d,
                (SELECT count(*) FROM contact_reveals r WHERE r.listing_id = l.id AND r.via <> 'owner')::int AS contact_reveals
           FROM listings l WHERE l.id = ANY($1::int[])`,
        [listingIds, days.weekStart, days.fortnightStart, days.today],
      )
    },

    /** The listing's owner and status, or null when there is no such listing. */
    async findListing(listingId: number): Promise<{ owner_id: number; status: string } | null> {
      const [row] = await db.query<{ owner_id: number; status: string }>(
        `SELECT owner_id, status FROM listings WHERE id = $1`,
        [listingId],
      )
      return row ?? null
    },

    /** A listing's views per day since `since` (days without views are absent). */
    async viewsSince(listingId: number, since: string): Promise<Array<{ date: string; views: number }>> {
      return db.query<{ date: string; views: number }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS date, views FROM listing_views_daily WHERE listing_id = $1 AND day >= $2::date ORDER BY day`,
        [listingId, since],
      )
    },
  }
}
