/** Business constants (property types, statuses, sorts, page sizes, lifetimes, limits), in one place. */
export const PROPERTY_TYPES = ['apartment', 'private_room', 'shared_room'] as const
export type PropertyType = (typeof PROPERTY_TYPES)[number]

export const GENDER_PREFS = ['male', 'female', 'any'] as const
export type GenderPref = (typeof GENDER_PREFS)[number]

/** The currencies a price may be in: those of EUR_PER_UNIT (shared/money.ts), listed here for the schemas. */
export const CURRENCIES = ['EUR', 'GBP', 'TRY', 'SEK', 'NOK', 'CAD', 'AED', 'USD', 'IRR'] as const

export const TERMS = ['short', 'long'] as const
export type Term = (typeof TERMS)[number]

export const LISTING_STATUSES = ['pending', 'active', 'rented', 'expired', 'rejected', 'removed'] as const
export type ListingStatus = (typeof LISTING_STATUSES)[number]

export const LISTING_SORTS = ['boosted', 'newest', 'price_asc', 'price_desc'] as const
export type ListingSort = (typeof LISTING_SORTS)[number]

export const DEFAULT_PAGE_SIZE = 20
export const MAX_PAGE_SIZE = 100
/** The last page number a list call reads; a later one is read as this one. */
export const MAX_PAGE_NUMBER = 10_000
export const CITY_SEARCH_DEFAULT_LIMIT = 10
/**
 * Counting stops here: beyond it `total_items` is a floor and `total_is_capped` is set. Each search counts up to
 * this many index entries, so it is kept small (docs/decisions/027-search-at-a-million.md).
 */
export const COUNT_CAP = 1_000

export const BOOST_DAYS = 7
export const LISTING_ACTIVE_DAYS = 60

/** How long a page waits before taking the visitor to their stored language; a manual change sets the session-storage flag that stops it. */
export const LOCALE_REDIRECT_DELAY_MS = 500
export const MANUAL_LOCALE_FLAG = 'khaneh.manualLocaleChange'

/** Photos one listing may show. */
export const MAX_PHOTOS_PER_LISTING = 12
/** Every photo is kept in two WebP variants that fit these squares (server/api/uploads/images.ts): pages and their cards. */
export const PHOTO_LARGE_EDGE = 1600
export const PHOTO_SMALL_EDGE = 480
/** The largest photo file accepted (docs/decisions/004-photo-store.md). */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024
/** The largest JSON body any API call accepts. */
export const JSON_BODY_LIMIT = 1024 * 1024
/** The largest upload request: a listing's worth of photos at their largest, plus the multipart framing. */
export const UPLOAD_BODY_LIMIT = MAX_PHOTOS_PER_LISTING * MAX_PHOTO_BYTES + 1024 * 1024
/** Photos one user may upload in 24 hours. */
export const UPLOADS_PER_DAY = 100

/** The most points GET /listings/points answers with, in the search's order; the map clusters them (docs/decisions/046-listing-location-privacy-and-area-search.md). */
export const MAP_POINTS_LIMIT = 500
/** The public point lies within this many metres of the listing's exact point: the circle a page draws around it. */
export const LOCATION_RADIUS_M = 300
/** A listing's pin lies at most this far from its city's centre. */
export const MAX_PIN_DISTANCE_KM = 50
