import { z } from 'zod'
import { DEFAULT_LOCALE } from '../locales.ts'
import {
  CURRENCIES,
  GENDER_PREFS,
  LISTING_SORTS,
  LISTING_STATUSES,
  MAX_PAGE_NUMBER,
  PROPERTY_TYPES,
  TERMS,
} from '../constants.ts'
import { bboxProblem, parseBbox, type Bbox } from '../geo.ts'
import { clampedInt, LanguageParam, LimitParam, PageParam, PaginationSchema, QueryBool, queryInt } from './common.ts'

const IsoDate = z.iso.date()

/**
 * `bbox=minLng,minLat,maxLng,maxLat`: the map's area, read as four numbers (west, south, east, north);
 * anything else is a field error on `bbox` (docs/decisions/046-listing-location-privacy-and-area-search.md).
 */
export const BboxText = z
  .string()
  .max(120)
  .superRefine((text, ctx) => {
    const problem = bboxProblem(text)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

/** `bbox` read as numbers: `[minLng, minLat, maxLng, maxLat]`. */
export const BboxParam = BboxText.transform((text): Bbox => parseBbox(text))

/** A point on the wire: latitude and longitude in degrees. */
export const LatLngSchema = z.object({ lat: z.number(), lng: z.number() })

/** Where a listing is, as everyone sees it: its public point (within `radius_m` of the real one) and that radius. */
export const PublicLocationSchema = z.object({ lat: z.number(), lng: z.number(), radius_m: z.number().int() })
export type PublicLocation = z.infer<typeof PublicLocationSchema>

/** `min_price` ≤ `max_price` when both are given, the refusal named on `min_price`: a search's price range. */
export function pricesInOrder<S extends z.ZodType<{ min_price?: number; max_price?: number }>>(schema: S): S {
  return schema.refine((f) => f.min_price === undefined || f.max_price === undefined || f.min_price <= f.max_price, {
    message: 'must not be above max_price',
    path: ['min_price'],
  })
}

/**
 * The public search's fields as GET /listings's query names them: the one definition of the search
 * filters, which the AI search's filters (`AiFiltersInput`) and a saved alert's take from.
 */
export const ListListingsFields = z.object({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
    .transform((v) => v.toUpperCase())
    .optional(),
  city: z.string().trim().min(1).max(80).optional(),
  type: z.enum(PROPERTY_TYPES).optional(),
  term: z.enum(TERMS).optional(),
  page: PageParam,
  limit: LimitParam,
  language: LanguageParam.default(DEFAULT_LOCALE),
  sort: z.enum(LISTING_SORTS).default('boosted'),
  // rials run to billions (a Tehran flat's rent is hundreds of millions)
  min_price: queryInt(0, 1_000_000_000_000),
  max_price: queryInt(0, 1_000_000_000_000),
  /** The currency min_price and max_price are in; without it, the country's, else EUR (docs/decisions/005-cross-currency-price-filters.md). */
  price_currency: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(CURRENCIES)).optional(),
  gender_pref: z.enum(GENDER_PREFS).optional(),
  include_discussable: QueryBool.optional(),
  start_date: IsoDate.optional(),
  has_contract: QueryBool.optional(),
  status: z.enum(['active', 'all']).optional(),
  /** Only listings whose public point lies in this box. */
  bbox: BboxParam.optional(),
})

/** GET /listings query: the public search filters, page, limit 1–100 (default 20) and sort (default boosted). */
export const ListListingsQuery = pricesInOrder(ListListingsFields)
export type ListListingsQuery = z.infer<typeof ListListingsQuery>

/** GET /listings/search: the older search call, with apartment_type, gender_preference and per_page for type, gender_pref and limit. */
export const SearchListingsQuery = z
  .object({
    apartment_type: z.enum(PROPERTY_TYPES).optional(),
    gender_preference: z.enum(GENDER_PREFS).optional(),
    per_page: LimitParam.optional(),
  })
  .loose()

export const PhotoSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  thumb_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
})
export type Photo = z.infer<typeof PhotoSchema>

export const ListingOwnerSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  username: z.string().nullable(),
})

/** A public listing on the wire. `contact` is null unless access was granted. */
export const ListingSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  type: z.enum(PROPERTY_TYPES),
  country: z.string(),
  country_name: z.string(),
  city: z.string(),
  city_name: z.string(),
  rent: z.number().nullable(),
  currency: z.string(),
  is_negotiable: z.boolean(),
  gender_pref: z.enum(GENDER_PREFS),
  description: z.string(),
  /** The text as the owner wrote it; null when `description` is that text (no translation shown). */
  original_description: z.string().nullable(),
  original_language: z.string(),
  has_translation: z.boolean(),
  is_translated: z.boolean(),
  photos: z.array(PhotoSchema),
  term: z.enum(TERMS),
  start_date: z.string().nullable(),
  has_contract: z.boolean(),
  size_m2: z.number().int().nullable(),
  rooms: z.number().int().nullable(),
  furnished: z.boolean(),
  status: z.enum(LISTING_STATUSES),
  boost_until: z.string().nullable(),
  is_boosted: z.boolean(),
  contact: z.string().nullable(),
  is_favorited: z.boolean(),
  favorite_count: z.number().int(),
  favorited_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  owner: ListingOwnerSchema,
  /** The owner's and moderators' view only: the verification number and why the listing was rejected. */
  verification_number: z.string().nullable().optional(),
  status_reason: z.string().nullable().optional(),
  /** In the owner's and moderators' view: whether the reader is the owner (their page offers edit, not report). */
  is_owner: z.boolean().optional(),
  /** The public point and its circle; null: no pin (a map shows the city's centre, without a circle). */
  location: PublicLocationSchema.nullable(),
  /** The owner's and moderators' view only: the pin as the owner placed it. Nobody else ever receives it. */
  exact_location: LatLngSchema.nullable().optional(),
})
export type Listing = z.infer<typeof ListingSchema>

export const ListingPageSchema = z.object({
  listings: z.array(ListingSchema),
  pagination: PaginationSchema,
})
export type ListingPage = z.infer<typeof ListingPageSchema>

/** One listing on the map: its public point, its rent (null: negotiable) and its term. */
export const MapPointSchema = z.object({
  id: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  price: z.number().nullable(),
  currency: z.string(),
  rent_term: z.enum(TERMS),
})
export type MapPoint = z.infer<typeof MapPointSchema>

/**
 * GET /listings/points: the search's matches that have a location, at most MAP_POINTS_LIMIT in the
 * search's order. `total` counts them up to COUNT_CAP (then `total_is_capped`); `truncated`: some were left out.
 */
export const MapPointsSchema = z.object({
  points: z.array(MapPointSchema),
  total: z.number().int(),
  total_is_capped: z.boolean(),
  truncated: z.boolean(),
})
export type MapPoints = z.infer<typeof MapPointsSchema>

/** GET /listings/points: GET /listings' filters and sort; no paging. */
export const MapPointsQuery = pricesInOrder(ListListingsFields.omit({ page: true, limit: true }))
export type MapPointsQuery = z.infer<typeof MapPointsQuery>

/** A listing in the path of a public read: its id or its slug. */
export const ListingIdParams = z.object({
  id: z.string().min(1).max(200),
})

/** The answer of POST /listings/{id}/view: whether this view was counted (one per visitor per day). */
export const ViewCountedSchema = z.object({ counted: z.boolean() })

/** GET /favorites: page at least 0 (0 and 1 are the first page), limit 1–100, default 20. */
export const ListFavoritesQuery = z.object({
  page: clampedInt(0, MAX_PAGE_NUMBER, 1),
  limit: LimitParam,
  language: LanguageParam.default(DEFAULT_LOCALE),
})

/** A favourite: id (the listing's), created_at, listing. */
export const FavoriteSchema = z.object({ id: z.number().int(), created_at: z.string(), listing: ListingSchema })

export const FavoritePageSchema = z.object({ favorites: z.array(FavoriteSchema), pagination: PaginationSchema })

/** GET /favorites/marks query: the listings to look up among the reader's favourites, as comma-separated ids (1–100). */
export const FavoriteMarksQuery = z.object({
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'must be 1–100 comma-separated listing ids')
    .transform((v) => v.split(',').map(Number))
    .refine((ids) => ids.every((id) => id <= 2_147_483_647), 'must be listing ids'),
})

/** The answer of GET /favorites/marks: which of the asked listings the reader saved, and when. */
export const FavoriteMarksSchema = z.object({
  marks: z.array(z.object({ listing_id: z.number().int(), favorited_at: z.string() })),
})

export type FavoriteMarks = z.infer<typeof FavoriteMarksSchema>['marks']

/**
 * These listings with the reader's marks on them (`is_favorited`, `favorited_at`). The one way a
 * page of listings is marked: the API for its signed-in reads, the gateway over the shared search
 * (docs/decisions/028-signed-in-render.md). With no mark among them, the same array comes back.
 */
export function withFavoriteMarks<L extends { id: number }>(listings: L[], marks: FavoriteMarks): L[] {
  if (marks.length === 0) return listings
  const saved = new Map(marks.map((m) => [m.listing_id, m.favorited_at]))
  return listings.map((l) => {
    const at = saved.get(l.id)
    return at === undefined ? l : { ...l, is_favorited: true, favorited_at: at }
  })
}

/** The answer of POST and DELETE /favorites/{id}. */
export const FavoriteStateSchema = z.object({
  listing_id: z.number().int(),
  is_favorited: z.boolean(),
  favorite_count: z.number().int(),
  favorited_at: z.string().nullable(),
})

/** GET /listings/{id}/translations: the owner's text and its stored translations (docs/decisions/017-listing-translations.md). */
export const ListingTranslationsSchema = z.object({
  original_language: z.string(),
  original_description: z.string(),
  translations: z.array(z.object({ language: z.string(), description: z.string() })),
})
export type ListingTranslations = z.infer<typeof ListingTranslationsSchema>
