import type { ListingSort, Term } from '../../../../shared/constants.ts'
import type { Queryable } from '../../db/client.ts'
import { countOf, ORDER_BY, searchQuery, whereActive, type ListingFilters } from './public.repo.ts'

/** A listing on the map: its public point and rent. */
export interface MapPointRow {
  id: number
  public_lat: number
  public_lng: number
  rent_minor: number | null
  currency: string
  term: Term
}

/**
 * SQL of the map's points (GET /listings/points): a search's matches with a location, on the same
 * filters and orders as its pages (docs/decisions/046-listing-location-privacy-and-area-search.md).
 */
export function mapPointsRepo(db: Queryable) {
  const prepared = searchQuery(db)

  return {
    /**
     * The matches with a location in the search's order, at most `limit`. Each statement selects
     * its ids first, so that listings_active_public_point (or its boosted twin) answers a box's
     * filter and order from the index alone; only the points kept are read from the table. The
     * boosted order reads its two slices as the page does: the listings boosted at `now`, then,
     * only when they are fewer than `limit`, the others newest first.
     */
    async points(filters: ListingFilters, sort: ListingSort, now: Date, limit: number): Promise<MapPointRow[]> {
      const read = (slice: string | null, order: string, count: number) => {
        const params: unknown[] = []
        const where = [...whereActive(filters, params), 'l.public_lat IS NOT NULL']
        if (slice) where.push(slice.replace('$now', `$${params.push(now)}`))
        return prepared<MapPointRow>(
          `SELECT l.id, l.public_lat, l.public_lng, l.rent_minor::float8 AS rent_minor, l.currency, l.term
             FROM (SELECT l.id FROM listings l WHERE ${where.join(' AND ')} ORDER BY ${order}
                   LIMIT $${params.push(count)}::int) p
             JOIN listings l ON l.id = p.id
            ORDER BY ${order}`,
          params,
          filters,
        )
      }
      if (sort !== 'boosted') return read(null, ORDER_BY[sort], limit)
      const boosted = await read('l.boost_until > $now', 'l.boost_until DESC, l.id DESC', limit)
      if (boosted.length === limit) return boosted
      const others = await read(
        '(l.boost_until IS NULL OR l.boost_until <= $now)',
        ORDER_BY.newest,
        limit - boosted.length,
      )
      return boosted.concat(others)
    },

    /** The matches with a location, counted up to `cap` + 1. */
    async count(filters: ListingFilters, cap: number): Promise<number> {
      const params: unknown[] = []
      const where = [...whereActive(filters, params), 'l.public_lat IS NOT NULL']
      const rows = await prepared<{ count: number }>(countOf(where, cap, params), params, filters)
      return rows[0]?.count ?? 0
    },
  }
}
