import type { GenderPref, ListingSort, PropertyType, Term } from '../../../../shared/constants.ts'
import type { Bbox } from '../../../../shared/geo.ts'
import type { Queryable, QueryOptions } from '../../db/client.ts'

export interface ListingRow {
  id: number
  slug: string
  type: PropertyType
  country_code: string
  country_name: string
  city_key: string
  city_name: string
  rent_minor: number | null
  currency: string
  is_negotiable: boolean
  gender_pref: GenderPref
  description: string
  original_language: string
  /** The stored translation into the asked language (never into the original one), else null. */
  translated_description: string | null
  term: Term
  start_date: string | null
  has_contract: boolean
  size_m2: number | null
  rooms: number | null
  furnished: boolean
  contact: string | null
  verification_number: string | null
  status_reason: string | null
  status: 'pending' | 'active' | 'rented' | 'expired' | 'rejected' | 'removed'
  boost_until: Date | null
  favorite_count: number
  /** The public point (never the pin: that is read only by `exactLocation`); null without a pin. */
  public_lat: number | null
  public_lng: number | null
  created_at: Date
  updated_at: Date
  owner_id: number
  owner_first_name: string
  owner_username: string | null
  /** The listing's photos in gallery order. */
  photos: PhotoRow[]
}

/** A listing row with the count of every match of its search (up to the cap asked, + 1) beside it. */
export interface CountedListingRow extends ListingRow {
  total: number
}

/** One page of a search and the number of its matches, counted up to the cap asked + 1. */
export interface CountedPage {
  total: number
  rows: ListingRow[]
}

export interface PhotoRow {
  id: number
  file_id: string
  thumb_file_id: string
  width: number
  height: number
}

/** Public search filters, already normalised by the service (prices in EUR cents). */
export interface ListingFilters {
  country?: string
  /** The cities whose key was asked for (one key may exist in two countries). */
  cityIds?: number[]
  type?: PropertyType
  term?: Term
  minEurCents?: number
  maxEurCents?: number
  /**
   * A price range given in rials as Persian pages show them (docs/decisions/005-cross-currency-price-filters.md):
   * rial rents are compared as they are (`min`, `max`, within the cents range the price index narrows them to),
   * the others by `minEurCents`/`maxEurCents`.
   */
  rial?: { min?: number; max?: number; minEurCents?: number; maxEurCents?: number }
  includeNegotiable: boolean
  genderPref?: GenderPref
  availableBy?: string
  hasContract?: boolean
  /** Only listings whose public point lies in this box (docs/decisions/046-listing-location-privacy-and-area-search.md). */
  bbox?: Bbox
}

const LISTING_COLUMNS = `
  SELECT l.id, l.slug, l.type, l.country_code, co.names->>$1 AS country_name,
         c.key AS city_key, c.names->>$1 AS city_name,
         l.rent_minor::float8 AS rent_minor, l.currency, l.is_negotiable, l.gender_pref,
         l.description, l.original_language, lt.description AS translated_description, l.term, to_char(l.start_date, 'YYYY-MM-DD') AS start_date,
         l.has_contract, l.size_m2, l.rooms, l.furnished, l.contact, l.verification_number, l.status, l.status_reason, l.boost_until,
         l.favorite_count, l.public_lat, l.public_lng, l.created_at, l.updated_at,
         u.id AS owner_id, u.first_name AS owner_first_name, u.username AS owner_username,
         (SELECT coalesce(json_agg(json_build_object('id', p.id, 'file_id', p.file_id, 'thumb_file_id', p.thumb_file_id,
                                                     'width', p.width, 'height', p.height) ORDER BY p.position, p.id), '[]')
            FROM photos p WHERE p.listing_id = l.id) AS photos`

const LISTING_JOINS = `
    JOIN cities c ON c.id = l.city_id
    JOIN countries co ON co.code = l.country_code
    JOIN users u ON u.id = l.owner_id
    LEFT JOIN listing_translations lt ON lt.listing_id = l.id AND lt.language = $1 AND lt.language <> l.original_language`

const SELECT_LISTING = `${LISTING_COLUMNS} FROM listings l ${LISTING_JOINS}`

/**
 * The searches run prepared: their text depends only on which filters are given, as every value (the page's
 * limit and offset, the count's cap included) is a parameter (docs/decisions/029-prepared-searches.md).
 */
const PREPARED: QueryOptions = { prepare: true }

/**
 * A box larger than this (in square degrees: about 55 × 35 km in Europe) is searched unprepared. A
 * prepared statement settles on a generic plan that reads the box's index whatever the box, and a
 * box as large as a country then reads its whole band (335 ms at a million listings, against 1.4 ms
 * for the plan made for its values, which walks an ordered index instead;
 * docs/decisions/046-listing-location-privacy-and-area-search.md). Only large boxes pay the planning.
 */
export const PREPARED_BOX_MAX_SQ_DEG = 0.25

const preparable = (f: ListingFilters): boolean =>
  !f.bbox || (f.bbox[2] - f.bbox[0]) * (f.bbox[3] - f.bbox[1]) <= PREPARED_BOX_MAX_SQ_DEG

/** Runs a search's statement prepared, unless its box is large (`preparable`). */
export const searchQuery =
  (db: Queryable) =>
  <T>(sql: string, params: unknown[], filters?: ListingFilters): Promise<T[]> =>
    db.query<T>(sql, params, !filters || preparable(filters) ? PREPARED : undefined)

/** Counts the active listings matching `where`, stopping at `cap` + 1 (a parameter added to `params`). */
export const countOf = (where: string[], cap: number, params: unknown[]) =>
  `SELECT count(*)::int FROM (SELECT 1 FROM listings l WHERE ${where.join(' AND ')} LIMIT $${params.push(cap + 1)}::int) s`

/**
 * Whether the search filters on more than its place. Such a page is read as its ids first: the place's ordered
 * indexes would skip the rows that fail the filter one by one, and listings_active_country_type_price holds
 * country, type and price with what a page is sorted by, so a rare window is read from it alone and sorted
 * (docs/decisions/027-search-at-a-million.md).
 */
const filtersBeyondPlace = (f: ListingFilters): boolean =>
  f.type !== undefined ||
  f.term !== undefined ||
  f.genderPref !== undefined ||
  f.hasContract !== undefined ||
  f.availableBy !== undefined ||
  f.minEurCents !== undefined ||
  f.maxEurCents !== undefined ||
  f.bbox !== undefined

/**
 * A page of listings in `order`, in one statement with their photos and, when `counted` is given, the count
 * of every listing matching its `where` (up to its `cap` + 1) in each row; then the page is read only when
 * that count reaches past `offset`, so a search without matches never scans for them. The listings are
 * filtered, ordered and cut in a subquery of their own, and only the page's rows are joined to their places,
 * owners and translations: planned as one five-table join with every index of listings in play, a search
 * took 1–50 ms to plan and under 1 ms to run (docs/decisions/027-search-at-a-million.md).
 *
 * `idsFirst`: the subquery selects the page's ids only, and their rows are read by key after it, so that an
 * index holding the filter and the order answers it without the table (it costs a little more planning).
 * The page's limit and offset, and the count's cap, are added to `params`, the values of `where`.
 */
function pageOf(
  params: unknown[],
  {
    where,
    order,
    limit,
    offset,
    counted,
    idsFirst,
  }: {
    where: string[]
    order: string
    limit: number
    offset: number
    counted?: { where: string[]; cap: number }
    idsFirst: boolean
  },
): string {
  const off = `$${params.push(offset)}::int`
  const conditions = counted ? [...where, `(SELECT count FROM matches) > ${off}`] : where
  const cut = `WHERE ${conditions.join(' AND ')} ORDER BY ${order} LIMIT $${params.push(limit)}::int OFFSET ${off}`
  const rows = idsFirst
    ? `SELECT l.* FROM (SELECT l.id FROM listings l ${cut}) f JOIN listings l ON l.id = f.id`
    : `SELECT * FROM listings l ${cut}`
  return `${counted ? `WITH matches AS MATERIALIZED (${countOf(counted.where, counted.cap, params)})` : ''}
    ${LISTING_COLUMNS}${counted ? ', (SELECT count FROM matches) AS total' : ''}
    FROM (${rows}) l
    ${LISTING_JOINS}
    ORDER BY ${order}`
}

/** Builds the WHERE clause of a public search, appending its values to `params`. */
export function whereActive(filters: ListingFilters, params: unknown[]): string[] {
  const add = (value: unknown) => `$${params.push(value)}`
  const where = [`l.status = 'active'`]
  if (filters.country) where.push(`l.country_code = ${add(filters.country)}`)
  // One city compares with `=`, so the (city_id, …) indexes also give the order.
  if (filters.cityIds?.length === 1) where.push(`l.city_id = ${add(filters.cityIds[0])}`)
  else if (filters.cityIds) where.push(`l.city_id = ANY(${add(filters.cityIds)}::int[])`)
  if (filters.type) where.push(`l.type = ${add(filters.type)}`)
  if (filters.term) where.push(`l.term = ${add(filters.term)}`)
  if (filters.genderPref === 'any') where.push(`l.gender_pref = 'any'`)
  else if (filters.genderPref) where.push(`l.gender_pref IN (${add(filters.genderPref)}, 'any')`)
  if (filters.hasContract !== undefined) where.push(`l.has_contract = ${add(filters.hasContract)}`)
  if (filters.availableBy) where.push(`(l.start_date IS NULL OR l.start_date <= ${add(filters.availableBy)}::date)`)
  // the public point only: a box never tells more about a pin than the point everyone sees
  if (filters.bbox) {
    const [west, south, east, north] = filters.bbox
    where.push(`l.public_lat BETWEEN ${add(south)}::float8 AND ${add(north)}::float8`)
    where.push(`l.public_lng BETWEEN ${add(west)}::float8 AND ${add(east)}::float8`)
  }
  const between = (column: string, min: number | undefined, max: number | undefined) => [
    ...(min === undefined ? [] : [`${column} >= ${add(min)}`]),
    ...(max === undefined ? [] : [`${column} <= ${add(max)}`]),
  ]
  const { rial } = filters
  const price = rial
    ? [
        `((l.currency <> 'IRR' AND ${between('l.rent_eur_cents', filters.minEurCents, filters.maxEurCents).join(' AND ')})` +
          ` OR (l.currency = 'IRR' AND ${[...between('l.rent_eur_cents', rial.minEurCents, rial.maxEurCents), ...between('l.rent_minor', rial.min, rial.max)].join(' AND ')}))`,
      ]
    : between('l.rent_eur_cents', filters.minEurCents, filters.maxEurCents)
  const priced = price.length > 0 ? price.join(' AND ') : 'l.rent_minor IS NOT NULL'
  if (filters.includeNegotiable) {
    if (price.length > 0) where.push(`((${priced}) OR l.rent_minor IS NULL)`)
  } else {
    where.push(priced)
  }
  return where
}

/** The plain orders of a search (the boosted one is read in two slices). */
export const ORDER_BY: Record<Exclude<ListingSort, 'boosted'>, string> = {
  newest: 'l.created_at DESC, l.id DESC',
  price_asc: 'l.rent_eur_cents ASC NULLS LAST, l.id ASC',
  price_desc: 'l.rent_eur_cents DESC NULLS LAST, l.id DESC',
}

/** SQL of public listing reads: search, one listing, and the reader's favourites among them. */
export function publicListingsRepo(db: Queryable) {
  const prepared = searchQuery(db)

  /** Counts matching active listings (only those boosted at `boostedAt` when given), stopping at `cap` + 1. */
  async function count(filters: ListingFilters, cap: number, boostedAt?: Date): Promise<number> {
    const params: unknown[] = []
    const where = whereActive(filters, params)
    if (boostedAt) where.push(`l.boost_until > $${params.push(boostedAt)}`)
    const rows = await prepared<{ count: number }>(countOf(where, cap, params), params, filters)
    return rows[0]?.count ?? 0
  }

  /** A counted page's rows and the count they carry; an empty page carries none, so it is counted on its own. */
  async function counted(rows: CountedListingRow[], filters: ListingFilters, cap: number): Promise<CountedPage> {
    return { rows, total: rows[0]?.total ?? (await count(filters, cap)) }
  }

  return {
    count,

    /** One page of matching active listings in a plain order, with the count of every match (up to `cap` + 1). */
    async page(
      filters: ListingFilters,
      language: string,
      sort: Exclude<ListingSort, 'boosted'>,
      limit: number,
      offset: number,
      cap: number,
    ): Promise<CountedPage> {
      const params: unknown[] = [language]
      const where = whereActive(filters, params)
      const rows = await prepared<CountedListingRow>(
        pageOf(params, {
          where,
          order: ORDER_BY[sort],
          limit,
          offset,
          counted: { where, cap },
          idsFirst: filtersBeyondPlace(filters),
        }),
        params,
        filters,
      )
      return counted(rows, filters, cap)
    },

    /**
     * The boosted order is two index-ordered slices instead of a sort of every match (PGlite sorts on the
     * caller's thread): the listings boosted at `now` (latest boost first), then the others newest first.
     * This is the first slice, with the count of every match, boosted or not (up to `cap` + 1).
     */
    async boostedSlice(
      filters: ListingFilters,
      language: string,
      now: Date,
      limit: number,
      offset: number,
      cap: number,
    ): Promise<CountedPage> {
      const params: unknown[] = [language]
      const matches = whereActive(filters, params)
      const where = [...matches, `l.boost_until > $${params.push(now)}`]
      const rows = await prepared<CountedListingRow>(
        pageOf(params, {
          where,
          order: 'l.boost_until DESC, l.id DESC',
          limit,
          offset,
          counted: { where: matches, cap },
          idsFirst: filtersBeyondPlace(filters),
        }),
        params,
        filters,
      )
      return counted(rows, filters, cap)
    },

    /** The second slice of the boosted order: the listings not boosted at `now`, newest first. */
    async unboostedSlice(
      filters: ListingFilters,
      language: string,
      now: Date,
      limit: number,
      offset: number,
    ): Promise<ListingRow[]> {
      const params: unknown[] = [language]
      const where = whereActive(filters, params)
      where.push(`(l.boost_until IS NULL OR l.boost_until <= $${params.push(now)})`)
      return prepared<ListingRow>(
        pageOf(params, { where, order: ORDER_BY.newest, limit, offset, idsFirst: filtersBeyondPlace(filters) }),
        params,
        filters,
      )
    },

    /** The owner's pin: read only for the views of those who manage the listing (policy.ts). */
    async exactLocation(id: number): Promise<{ lat: number; lng: number } | null> {
      const [row] = await db.query<{ lat: number | null; lng: number | null }>(
        `SELECT exact_lat AS lat, exact_lng AS lng FROM listings WHERE id = $1`,
        [id],
      )
      return row && row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null
    },

    /** A listing by numeric id or slug, whatever its status. */
    async findByIdOrSlug(idOrSlug: string, language: string): Promise<ListingRow | null> {
      const byId = /^\d{1,9}$/.test(idOrSlug)
      const rows = await prepared<ListingRow>(`${SELECT_LISTING} WHERE ${byId ? 'l.id = $2::int' : 'l.slug = $2'}`, [
        language,
        idOrSlug,
      ])
      return rows[0] ?? null
    },

    /** Listings by id (any status but removed), in no particular order. */
    async byIds(ids: number[], language: string): Promise<ListingRow[]> {
      if (ids.length === 0) return []
      return db.query<ListingRow>(`${SELECT_LISTING} WHERE l.id = ANY($2::int[]) AND l.status <> 'removed'`, [
        language,
        ids,
      ])
    },

    /** Which of these listings the user saved, and when (one query, whatever their status). */
    async favoriteMarks(
      userId: number,
      listingIds: number[],
    ): Promise<Array<{ listing_id: number; favorited_at: string }>> {
      if (listingIds.length === 0) return []
      const rows = await db.query<{ listing_id: number; created_at: Date }>(
        `SELECT listing_id, created_at FROM favorites WHERE user_id = $1 AND listing_id = ANY($2::int[])`,
        [userId, listingIds],
      )
      return rows.map((r) => ({ listing_id: r.listing_id, favorited_at: new Date(r.created_at).toISOString() }))
    },
  }
}
