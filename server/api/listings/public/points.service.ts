import { COUNT_CAP, MAP_POINTS_LIMIT } from '../../../../shared/constants.ts'
import { currencyExponent } from '../../../../shared/money.ts'
import { MapPointsSchema, type MapPoints, type MapPointsQuery } from '../../../../shared/schemas/listing.ts'
import type { ChangeBus } from '../../../lib/change-bus.ts'
import type { Queryable } from '../../db/client.ts'
import { serializedCache, serializeData, type SerializedData } from '../../http.ts'
import { mapPointsRepo } from './points.repo.ts'
import type { ListingFilters } from './public.repo.ts'

/** What the cached map points may hold: an answer of 500 points is about 45 KB. */
export const MAP_POINTS_MAX_BYTES = 4 * 1024 * 1024

export interface MapPointsOptions {
  /** How long the answers are cached; 0 disables the cache. */
  publicCacheMs: number
  /** A search's filters, resolved as GET /listings resolves them. */
  filtersOf: (query: MapPointsQuery) => Promise<ListingFilters>
  /** The writes that empty the cache, from every process (docs/decisions/006-caches-and-their-lifetimes.md). */
  changes: ChangeBus
}

/**
 * GET /listings/points (docs/decisions/046-listing-location-privacy-and-area-search.md): a search's
 * public points, the same answer for everyone, cached briefly and emptied by every write.
 */
export function mapPointsService(db: Queryable, options: MapPointsOptions) {
  const repo = mapPointsRepo(db)
  const cache = serializedCache<SerializedData<MapPoints>>(options.publicCacheMs, MAP_POINTS_MAX_BYTES)
  options.changes.subscribe(() => cache.clear())

  /** The map's points of a search: its matches with a location, in its order, at most MAP_POINTS_LIMIT. */
  async function mapPoints(query: MapPointsQuery): Promise<MapPoints> {
    const filters = await options.filtersOf(query)
    if (filters.cityIds?.length === 0) return { points: [], total: 0, total_is_capped: false, truncated: false }
    const rows = await repo.points(filters, query.sort, new Date(), MAP_POINTS_LIMIT + 1)
    // fewer than the limit: they are every match, no count needed
    const total = rows.length > MAP_POINTS_LIMIT ? await repo.count(filters, COUNT_CAP) : rows.length
    return {
      points: rows.slice(0, MAP_POINTS_LIMIT).map((r) => ({
        id: r.id,
        lat: r.public_lat,
        lng: r.public_lng,
        price: r.rent_minor === null || r.rent_minor === 0 ? null : r.rent_minor / 10 ** currencyExponent(r.currency),
        currency: r.currency,
        rent_term: r.term,
      })),
      total: Math.min(total, COUNT_CAP),
      total_is_capped: total > COUNT_CAP,
      truncated: rows.length > MAP_POINTS_LIMIT,
    }
  }

  return {
    /** The answer to GET /listings/points, serialized once per cached entry. */
    points: (query: MapPointsQuery) =>
      cache.wrap(JSON.stringify(query), async () => serializeData(MapPointsSchema, await mapPoints(query))),
    stats: () => cache.stats(),
  }
}
