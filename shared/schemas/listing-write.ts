import { z } from 'zod'
import { DEFAULT_LOCALE } from '../locales.ts'
import { GENDER_PREFS, MAX_PHOTOS_PER_LISTING, PROPERTY_TYPES, TERMS } from '../constants.ts'
import { EUR_PER_UNIT } from '../money.ts'
import { LanguageParam, LimitParam, PageParam, PaginationSchema } from './common.ts'

const FileId = z.string().regex(/^[A-Za-z0-9_-]{8,200}$/, 'is not a photo id')

/**
 * POST /listings and PUT /listings/{id} (the wire names of a listing). Unknown fields — and the
 * server's own, such as status, owner, boost_until or favorite_count — are dropped; negotiable
 * means no rent; an empty verification_number is no verification number.
 */
export const ListingWriteBody = z
  .object({
    type: z.enum(PROPERTY_TYPES),
    country: z.string().trim().toUpperCase().length(2),
    city: z.string().trim().toLowerCase().min(1).max(100),
    rent: z.coerce.number().positive().max(1_000_000_000).nullable().optional(),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .refine((c) => c in EUR_PER_UNIT, 'is not a supported currency')
      .default('EUR'),
    is_negotiable: z.boolean().default(false),
    gender_pref: z.enum(GENDER_PREFS).default('any'),
    description: z.string().trim().min(20).max(5000),
    original_language: LanguageParam.default(DEFAULT_LOCALE),
    photos: z.array(FileId).max(MAX_PHOTOS_PER_LISTING).default([]),
    term: z.enum(TERMS).default('long'),
    start_date: z.iso.date().nullable().optional(),
    has_contract: z.boolean().default(false),
    size_m2: z.number().int().positive().max(100_000).nullable().optional(),
    rooms: z.number().int().positive().max(100).nullable().optional(),
    furnished: z.boolean().default(false),
    contact: z.string().trim().min(3).max(200),
    /** The owner's pin; null removes it. Within MAX_PIN_DISTANCE_KM of the city's centre (checked by the service). */
    location: z
      .object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) })
      .nullable()
      .optional(),
    verification_number: z
      .string()
      .trim()
      .max(50)
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .transform((body) => {
    const negotiable = body.is_negotiable || body.rent === null || body.rent === undefined || body.rent === 0
    return { ...body, rent: negotiable ? null : (body.rent as number), is_negotiable: negotiable }
  })
export type ListingWrite = z.output<typeof ListingWriteBody>

/** GET /users/listings: per_page 1–100, default 20. */
export const OwnListingsQuery = z.object({
  status: z.enum(['pending', 'active', 'rented', 'expired', 'rejected', 'removed', 'all']).optional(),
  include_removed: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .default(false),
  page: PageParam,
  per_page: LimitParam,
  language: LanguageParam.default(DEFAULT_LOCALE),
  /** Adds `analytics` to every listing of the page. */
  include_analytics: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .default(false),
})

/** The owner's status changes: what a listing in each status may become by its owner's hand (docs/decisions/014-listing-statuses-and-moderation.md). */
export const OWNER_TRANSITIONS: Record<string, readonly string[]> = {
  pending: ['removed'],
  active: ['rented', 'removed'],
  rented: ['pending', 'removed'],
  expired: ['pending', 'removed'],
  rejected: ['removed'],
  removed: [],
}

export const OwnStatusBody = z.object({ status: z.enum(['pending', 'rented', 'removed']) })

/** The numbers on each own listing with ?include_analytics=true. */
export const OwnListingAnalyticsSchema = z.object({
  views_total: z.number().int(),
  views_7d: z.number().int(),
  /** Views on each of the last 14 UTC days, oldest first. */
  views_14d: z.array(z.number().int()),
  favorites: z.number().int(),
  contact_reveals: z.number().int(),
})

/** A listing as its owner's list shows it: price instead of rent, the boost, and the actions its status allows. */
export const OwnListingSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  property_type: z.enum(PROPERTY_TYPES),
  country: z.string(),
  city: z.string(),
  city_name: z.string(),
  price: z.number().nullable(),
  currency: z.string(),
  is_negotiable: z.boolean(),
  description: z.string(),
  photos: z.array(z.object({ url: z.string(), thumb_url: z.string() })),
  status: z.string(),
  status_reason: z.string().nullable(),
  is_boosted: z.boolean(),
  boost_expires: z.string().nullable(),
  favorite_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  can_edit: z.boolean(),
  can_boost: z.boolean(),
  can_remove: z.boolean(),
  /** When an active listing expires (activation + LISTING_ACTIVE_DAYS); null unless active. */
  expires_at: z.string().nullable(),
  /** Expired or rented: the owner may send it back to moderation (PUT /users/listings/{id}/status pending). */
  can_renew: z.boolean(),
  /** Only with ?include_analytics=true. */
  analytics: OwnListingAnalyticsSchema.optional(),
})

/** GET /users/listings: one page of the owner's listings. */
export const OwnListingPageSchema = z.object({ listings: z.array(OwnListingSchema), pagination: PaginationSchema })

/** The answer of DELETE /listings/{id}. */
export const ListingRemovedSchema = z.object({ removed: z.literal(true) })

/** GET /users/listings/{id}/analytics: the owner's numbers; views by UTC day for the last 30 days, oldest first. */
export const ListingAnalyticsSchema = z.object({
  listing_id: z.number().int(),
  views_total: z.number().int(),
  views_by_day: z.array(z.object({ date: z.string(), views: z.number().int() })),
  favorites: z.number().int(),
  contact_reveals: z.number().int(),
})
export type ListingAnalytics = z.infer<typeof ListingAnalyticsSchema>
