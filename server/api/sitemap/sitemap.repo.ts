import type { Queryable } from '../db/client.ts'

/** The sitemap's reads: active listings only (docs/decisions/014-listing-statuses-and-moderation.md). */
export function sitemapRepo(db: Queryable) {
  return {
    /** Cities with an active listing, and when their newest listing last changed. */
    cities: () =>
      db.query<{ country_code: string; key: string; lastmod: Date }>(
        `SELECT c.country_code, c.key, max(l.updated_at) AS lastmod
           FROM listings l JOIN cities c ON c.id = l.city_id
          WHERE l.status = 'active'
          GROUP BY c.id, c.country_code, c.key
          ORDER BY c.country_code, c.key`,
      ),
    /** Active listings by id in chunks of `size`: each chunk's first and last id, count and newest change (one scan). */
    listingChunks: (size: number) =>
      db.query<{ first_id: number; last_id: number; count: number; lastmod: Date }>(
        `SELECT min(id) AS first_id, max(id) AS last_id, count(*)::int AS count, max(updated_at) AS lastmod
           FROM (SELECT id, updated_at, (row_number() OVER (ORDER BY id) - 1) / $1 AS chunk
                   FROM listings WHERE status = 'active') numbered
          GROUP BY chunk ORDER BY chunk`,
        [size],
      ),
    /** One keyset page of active listings after `after` (and up to `until`), by id. */
    listingsAfter: (after: number, until: number | null, limit: number) =>
      db.query<{ id: number; slug: string; lastmod: Date }>(
        `SELECT id, slug, updated_at AS lastmod FROM listings
          WHERE status = 'active' AND id > $1 AND ($2::int IS NULL OR id <= $2)
          ORDER BY id LIMIT $3`,
        [after, until, limit],
      ),
  }
}
