import { COUNT_CAP } from '../../../../shared/constants.ts'
import { DEFAULT_LOCALE, LOCALE_CODES } from '../../../../shared/locales.ts'
import { currencyExponent, EUR_PER_UNIT, IRR_PER_EUR } from '../../../../shared/money.ts'
import { photoUrl } from '../../../../shared/paths.ts'
import {
  ListingPageSchema,
  ListingSchema,
  type Listing,
  type ListingPage,
  type ListListingsQuery,
  withFavoriteMarks,
} from '../../../../shared/schemas/listing.ts'
import { slugify } from '../../../../shared/text.ts'
import { AppError } from '../../../lib/errors.ts'
import type { ChangeBus, ListingRef, PublicChange } from '../../../lib/change-bus.ts'
import { contactRevealsRepo } from '../../contact-reveals/contact-reveals.repo.ts'
import type { Db } from '../../db/client.ts'
import { serializedCache, serializeData, type SerializedData } from '../../http.ts'
import { canManage, isOwner, type Viewer } from '../../policy.ts'
import type { ViewCounter } from '../analytics/views.ts'
import { wireLocation } from '../../../lib/public-point.ts'
import { mapPointsService } from './points.service.ts'
import { publicListingsRepo, type CountedPage, type ListingFilters, type ListingRow } from './public.repo.ts'

export interface PublicListingsOptions {
  /** How long anonymous public reads are cached; 0 disables the cache. */
  publicCacheMs: number
  /** The currency of a country's listings, for prices given in that currency. */
  countryCurrency: (code: string) => Promise<string | undefined>
  /** The ids of the cities with this key (in any country). */
  cityIds: (key: string) => Promise<number[]>
  /** Where page views are counted (analytics). */
  views: ViewCounter
  /** How every process hears of the writes that empty these caches (docs/decisions/006-caches-and-their-lifetimes.md). */
  changes: ChangeBus
}

/** What the cached list pages, and the cached single listings, may hold (docs/decisions/006-caches-and-their-lifetimes.md). */
export const LIST_PAGES_MAX_BYTES = 8 * 1024 * 1024
export const SINGLE_LISTINGS_MAX_BYTES = 4 * 1024 * 1024

const notFound = () => new AppError('NOT_FOUND', 'Listing not found')
/** An id is read as a number (`0042` is 42), so each listing has one cache key per spelling: its id and its slug. */
const singleKey = (language: string, idOrSlug: string) =>
  `${language}:${/^\d{1,9}$/.test(idOrSlug) ? String(Number(idOrSlug)) : idOrSlug}`

/** Public listing reads: search, one listing, page views; anonymous answers are cached (docs/decisions/006-caches-and-their-lifetimes.md). */
export function publicListingsService(db: Db, options: PublicListingsOptions) {
  const repo = publicListingsRepo(db)
  // Public reads are cached already serialized: checked and stringified once per entry, not per request.
  const pages = serializedCache<SerializedData<ListingPage>>(options.publicCacheMs, LIST_PAGES_MAX_BYTES)
  const singles = serializedCache<SerializedData<Listing> | null>(options.publicCacheMs, SINGLE_LISTINGS_MAX_BYTES)
  // the map's points of the same searches (their cache is emptied with the list pages)
  const points = mapPointsService(db, {
    publicCacheMs: options.publicCacheMs,
    changes: options.changes,
    filtersOf: toFilters,
  })
  // a write in any process: the listing's reads (a cached "not found" too) and every list page go
  options.changes.subscribe((change: PublicChange) => {
    pages.clear()
    if (!('listing' in change)) return singles.clear()
    const { id, slug } = change.listing
    for (const language of LOCALE_CODES)
      for (const name of [String(id), slug]) singles.delete(singleKey(language, name))
  })

  async function toFilters(query: Omit<ListListingsQuery, 'page' | 'limit'>): Promise<ListingFilters> {
    // Prices are in price_currency, else the chosen country's currency, else EUR; stored rents are compared
    // in EUR cents, converted here and nowhere else (docs/decisions/005-cross-currency-price-filters.md).
    const currency =
      query.price_currency ?? ((query.country && (await options.countryCurrency(query.country))) || 'EUR')
    const { min_price: min, max_price: max } = query
    const hasPrice = min !== undefined || max !== undefined
    const prices = currency === 'IRR' && hasPrice ? rialRange(min, max) : eurRange(min, max, currency)
    return {
      ...prices,
      country: query.country,
      cityIds: query.city ? await options.cityIds(slugify(query.city)) : undefined,
      type: query.type,
      term: query.term,
      includeNegotiable: query.include_discussable ?? !hasPrice,
      genderPref: query.gender_pref,
      availableBy: query.start_date,
      hasContract: query.has_contract,
      bbox: query.bbox,
    }
  }

  /** Wire listings; `translated` shows a stored translation where the row has one. */
  function toListings(rows: ListingRow[], translated = true): Listing[] {
    const now = Date.now()
    return rows.map((row) => toListing(row, now, translated))
  }

  /**
   * One page of the boosted order: the listings boosted now (latest boost first), then the others newest
   * first. The boosted ones are counted only when the page starts past them, and then only up to its start.
   */
  async function boostedPage(
    filters: ListingFilters,
    language: string,
    limit: number,
    offset: number,
    cap: number,
  ): Promise<CountedPage> {
    const now = new Date()
    const boosted = await repo.boostedSlice(filters, language, now, limit, offset, cap)
    const { rows, total } = boosted
    if (rows.length === limit || offset + rows.length >= total) return boosted
    // the boosted listings end on this page (none of the others is skipped) or before it
    const skip = rows.length > 0 || offset === 0 ? 0 : offset - (await repo.count(filters, offset, now))
    return {
      total,
      rows: rows.concat(await repo.unboostedSlice(filters, language, now, limit - rows.length, skip)),
    }
  }

  async function searchPage(query: ListListingsQuery): Promise<ListingPage> {
    const filters = await toFilters(query)
    const { limit, page } = query
    const offset = (page - 1) * limit
    const language = query.language
    // Counting stops past the cap, or past this page when it lies beyond the cap, so that has_next stays exact
    // (docs/decisions/027-search-at-a-million.md). The count comes with the page, in one statement.
    const cap = Math.max(COUNT_CAP, offset + limit)
    const { total, rows } =
      filters.cityIds?.length === 0
        ? { total: 0, rows: [] }
        : query.sort === 'boosted'
          ? await boostedPage(filters, language, limit, offset, cap)
          : await repo.page(filters, language, query.sort, limit, offset, cap)
    const capped = total > COUNT_CAP
    const totalItems = Math.min(total, COUNT_CAP)
    const totalPages = Math.max(1, Math.ceil(totalItems / limit))
    return {
      listings: toListings(rows),
      pagination: {
        current_page: page,
        total_pages: totalPages,
        total_items: totalItems,
        items_per_page: limit,
        has_next: page < totalPages || (capped && offset + limit < total),
        has_prev: page > 1,
        total_is_capped: capped,
      },
    }
  }

  const search = (query: ListListingsQuery) =>
    pages.wrap(JSON.stringify(query), async () => serializeData(ListingPageSchema, await searchPage(query)))

  /** A public listing by id or slug, or null: only active listings are public (policy.ts). */
  function findPublic(idOrSlug: string, language: string): Promise<SerializedData<Listing> | null> {
    return singles.wrap(singleKey(language, idOrSlug), async () => {
      const row = await repo.findByIdOrSlug(idOrSlug, language)
      if (!row || row.status !== 'active') return null
      return serializeData(ListingSchema, toListing(row, Date.now(), true))
    })
  }

  async function getPublic(idOrSlug: string, language: string): Promise<SerializedData<Listing>> {
    const listing = await findPublic(idOrSlug, language)
    if (!listing) throw notFound()
    return listing
  }

  /**
   * A listing as those who manage it see it (policy.ts): whatever its status, with its contact and
   * the text as the owner wrote it (their forms edit the original). Null for anyone else.
   */
  async function findManaged(idOrSlug: string, language: string, viewer: Viewer): Promise<Listing | null> {
    const row = await repo.findByIdOrSlug(idOrSlug, language)
    if (!row || !canManage(viewer, row)) return null
    return ListingSchema.parse({
      ...toListing(row, Date.now(), false),
      exact_location: await repo.exactLocation(row.id),
      contact: row.contact,
      verification_number: row.verification_number,
      status_reason: row.status_reason,
      is_owner: isOwner(viewer, row),
    })
  }

  /** The public listing with its contact when the viewer opened it (contact access); otherwise as it is, contact null. */
  async function withOpenedContact(viewer: Viewer, listing: Listing): Promise<Listing> {
    const contact = await contactRevealsRepo(db).openedContact(viewer.userId, listing.id)
    return contact === null ? listing : { ...listing, contact }
  }

  /** The same listings with this user's `is_favorited` and `favorited_at` (one query for the lot). */
  async function markFavorites(userId: number, items: Listing[]): Promise<Listing[]> {
    const ids = items.map((l) => l.id)
    return withFavoriteMarks(items, await repo.favoriteMarks(userId, ids))
  }

  return {
    /** GET /listings for an anonymous viewer: the shared answer (cached briefly). */
    search,

    /** Which of these listings the user saved, and when: GET /favorites/marks, and the marks of every signed-in read. */
    favoriteMarks: repo.favoriteMarks,

    /** The search's filters resolved as GET /listings resolves them (saved-search alerts match on these). */
    filtersOf: toFilters,

    /** GET /listings/points: the same answer for everyone (cached briefly; points.service.ts). */
    points: points.points,

    /** GET /listings for a signed-in viewer: the same page with their favourites marked. */
    async searchFor(viewer: Viewer, query: ListListingsQuery): Promise<ListingPage> {
      const { value } = await search(query)
      return { ...value, listings: await markFavorites(viewer.userId, value.listings) }
    },

    /**
     * `searchFor`, serialized: the shared entry itself when none of its listings is the viewer's
     * favourite (most pages), else checked and serialized for them alone.
     */
    async searchSerializedFor(viewer: Viewer, query: ListListingsQuery): Promise<SerializedData<ListingPage>> {
      const shared = await search(query)
      const listings = await markFavorites(viewer.userId, shared.value.listings)
      return listings.every((listing, i) => listing === shared.value.listings[i])
        ? shared
        : serializeData(ListingPageSchema, { ...shared.value, listings })
    },

    /** GET /listings/{id} for an anonymous viewer: the shared answer; 404 for anything not public. */
    getPublic,

    /**
     * GET /listings/{id} for a signed-in viewer: those who manage the listing get their view (any
     * status, contact, the original text); everyone else the public listing, or 404, with the contact
     * only when they opened it (contact access). Favourites marked.
     */
    async getFor(viewer: Viewer, idOrSlug: string, language: string): Promise<Listing> {
      const shown = await findPublic(idOrSlug, language)
      const listing =
        shown && !canManage(viewer, { owner_id: shown.value.owner.id })
          ? await withOpenedContact(viewer, shown.value)
          : await findManaged(idOrSlug, language, viewer)
      if (!listing) throw notFound()
      const [marked] = await markFavorites(viewer.userId, [listing])
      return marked!
    },

    findManaged,

    /** The owner's pin of a listing, for the checks of its writes only (never a view). */
    exactLocationOf: (id: number) => repo.exactLocation(id),

    /**
     * POST /listings/{id}/view: a page view of a public listing, unless its viewer manages it (their
     * own visits are not views); a viewer counts once per listing per day (analytics/views.ts).
     */
    async recordView(
      idOrSlug: string,
      viewer: Viewer | null,
      anonymous: { address: string; userAgent: string },
    ): Promise<{ counted: boolean }> {
      const found = await getPublic(idOrSlug, DEFAULT_LOCALE)
      if (canManage(viewer, { owner_id: found.value.owner.id })) return { counted: false }
      await options.views.record(found.value.id, viewer ? { userId: viewer.userId } : anonymous)
      return { counted: true }
    },

    /** Listings by id in the given order (removed ones left out), for a user's own lists such as favourites. */
    async byIds(ids: number[], language: string, { translated = true } = {}): Promise<Listing[]> {
      const rows = await repo.byIds(ids, language)
      const byId = new Map(toListings(rows, translated).map((l) => [l.id, l]))
      return ids.flatMap((id) => byId.get(id) ?? [])
    },

    /**
     * Called after every write that changes what the public sees, once it committed: every process
     * forgets the cached reads of that listing (by id and slug, in every language, "not found" included)
     * and every list page, and the pages built from them; with no listing, everything.
     */
    invalidate(listing?: ListingRef): void {
      options.changes.publish(listing ? { listing: { id: listing.id, slug: listing.slug } } : { allListings: true })
    },

    /** What the caches of public reads hold (tests; the flood of decision 006). */
    cacheStats: () => ({ list_pages: pages.stats(), single_listings: singles.stats(), map_points: points.stats() }),
  }
}
export type PublicListingsService = ReturnType<typeof publicListingsService>

/** A price range in another currency than the rial, in EUR cents. */
function eurRange(min: number | undefined, max: number | undefined, currency: string) {
  const toEurCents = (amount: number) => Math.round(amount * (EUR_PER_UNIT[currency] ?? 1) * 100)
  return {
    minEurCents: min === undefined ? undefined : toEurCents(min),
    maxEurCents: max === undefined ? undefined : toEurCents(max),
  }
}

/**
 * A price range in rials as Persian pages show them: another currency's rent at the display rate
 * (IRR_PER_EUR), a rial rent as it is: within its cents range widened to whole cents (for the price
 * index), then exactly on its own rent.
 */
function rialRange(min: number | undefined, max: number | undefined) {
  const cents = (amount: number, perEur: number) => (amount * 100) / perEur
  const open = 1 / (EUR_PER_UNIT.IRR ?? 1)
  return {
    minEurCents: min === undefined ? undefined : Math.ceil(cents(min, IRR_PER_EUR)),
    maxEurCents: max === undefined ? undefined : Math.floor(cents(max, IRR_PER_EUR)),
    rial: {
      min,
      max,
      minEurCents: min === undefined ? undefined : Math.floor(cents(min, open)),
      maxEurCents: max === undefined ? undefined : Math.ceil(cents(max, open)),
    },
  }
}

/** Maps a database row to the public wire listing; `contact` never leaves here (contact access is its own call, and `getFor` adds an opened one). */
function toListing(row: ListingRow, now: number, translated: boolean): Listing {
  const translation = translated ? row.translated_description : null
  const rent = row.rent_minor === null ? null : row.rent_minor / 10 ** currencyExponent(row.currency)
  const boostUntil = row.boost_until ? new Date(row.boost_until) : null
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    country: row.country_code,
    country_name: row.country_name,
    city: row.city_key,
    city_name: row.city_name,
    rent,
    currency: row.currency,
    is_negotiable: row.is_negotiable || rent === null || rent === 0,
    gender_pref: row.gender_pref,
    description: translation ?? row.description,
    original_description: translation === null ? null : row.description,
    original_language: row.original_language,
    has_translation: translation !== null,
    is_translated: translation !== null,
    photos: row.photos.map((p) => ({
      id: p.id,
      url: photoUrl(p.file_id),
      thumb_url: photoUrl(p.thumb_file_id),
      width: p.width,
      height: p.height,
    })),
    term: row.term,
    start_date: row.start_date,
    has_contract: row.has_contract,
    size_m2: row.size_m2,
    rooms: row.rooms,
    furnished: row.furnished,
    status: row.status,
    boost_until: boostUntil ? boostUntil.toISOString() : null,
    // first in search only while in search: a rented or expired listing is not featured, whatever its boost
    is_boosted: row.status === 'active' && boostUntil !== null && boostUntil.getTime() > now,
    contact: null,
    is_favorited: false,
    favorite_count: row.favorite_count,
    favorited_at: null,
    location: wireLocation(row.public_lat, row.public_lng),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    owner: { id: row.owner_id, first_name: row.owner_first_name, username: row.owner_username },
  }
}
