import type { Queryable } from '../db/client.ts'

export interface ViewCount {
  listingId: number
  /** UTC day, YYYY-MM-DD */
  day: string
  views: number
}

export interface AnalyticsRow {
  listing_id: number
  views_total: number
  views_7d: number
  /** Views on each of the last 14 UTC days, oldest first (a sparkline). */
  views_14d: number[]
  favorites: number
  contact_reveals: number
}

/** SQL of listing analytics: daily views, favourites and contact reveals (issue 4). */
export function analyticsRepo(db: Queryable) {
  return {
    /** Adds counted views in one statement; listings deleted meanwhile are skipped. */
    async addViews(counts: ViewCount[]): Promise<void> {
      if (counts.length === 0) return
      await db.query(
        `INSERT INTO listing_views_daily (listing_id, day, views)
         SELECT c.listing_id, c.day, c.views
           FROM unnest($1::int[], $2::date[], $3::int[]) AS c(listing_id, day, views)
           JOIN listings l ON l.id = c.listing_id
         ON CONFLICT (listing_id, day) DO UPDATE SET views = listing_views_daily.views + EXCLUDED.views`,
        [counts.map((c) => c.listingId), counts.map((c) => c.day), counts.map((c) => c.views)],
      )
    },

    /** The numbers of many listings in one query (views since `weekStart` are the 7-day count; days from `fortnightStart` to `today` the sparkline). */
    async summaries(listingIds: number[], days: { weekStart: string; fortnightStart: string; today: string }): Promise<AnalyticsRow[]> {
      if (listingIds.length === 0) return []
      return db.query<AnalyticsRow>(
        `SELECT l.id AS listing_id, l.favorite_count AS favorites,
                COALESCE((SELECT sum(v.views) FROM listing_views_daily v WHERE v.listing_id = l.id), 0)::int AS views_total,
                COALESCE((SELECT sum(v.views) FROM listing_views_daily v WHERE v.listing_id = l.id AND v.day >= $2::date), 0)::int AS views_7d,
                ARRAY(SELECT COALESCE(v.views, 0)
                        FROM generate_series($3::date, $4::date, interval '1 day') AS d (day)
                        LEFT JOIN listing_views_daily v ON v.listing_id = l.id AND v.day = d.day::date
                       ORDER BY d.day) AS views_14d,
                (SELECT count(*) FROM contact_reveals r WHERE r.listing_id = l.id)::int AS contact_reveals
           FROM listings l WHERE l.id = ANY($1::int[])`,
        [listingIds, days.weekStart, days.fortnightStart, days.today],
      )
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
