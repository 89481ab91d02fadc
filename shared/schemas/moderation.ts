import { z } from 'zod'
import { DEFAULT_LOCALE } from '../locales.ts'
import { LISTING_STATUSES, MAX_PAGE_SIZE, PROPERTY_TYPES } from '../constants.ts'
import { clampedInt, LanguageParam, PageParam, PaginationSchema } from './common.ts'
import { ListingSchema } from './listing.ts'
import { PAYMENT_KINDS } from './payment.ts'

/** Why a user reports a listing (docs/decisions/014-listing-statuses-and-moderation.md). */
export const REPORT_REASONS = ['spam', 'scam', 'wrong_info', 'duplicate', 'offensive', 'already_rented'] as const
export type ReportReason = (typeof REPORT_REASONS)[number]

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const
export type ReportStatus = (typeof REPORT_STATUSES)[number]

/** Reports one user may file in 24 hours. */
export const REPORTS_PER_DAY = 20
/** The default page size of the moderators' lists. */
export const ADMIN_PAGE_SIZE = 25

const Limit = clampedInt(1, MAX_PAGE_SIZE, ADMIN_PAGE_SIZE)
const Note = z
  .string()
  .trim()
  .max(1000)
  .optional()
  .transform((v) => (v ? v : undefined))

/** POST /listings/{id}/report; empty details are no details. */
export const ReportBody = z.object({ reason: z.enum(REPORT_REASONS), details: Note })
export type ReportInput = z.output<typeof ReportBody>

/** A moderator's status changes: what a listing in each status may become by a moderator's hand (docs/decisions/014-listing-statuses-and-moderation.md). */
export const MODERATION_TRANSITIONS: Record<string, readonly ('active' | 'rejected')[]> = {
  pending: ['active', 'rejected'],
  active: ['rejected'],
}

/** The version of the listing the moderator read: a decision on an older version is refused (409 listing_changed). */
const ReviewedVersion = z.iso.datetime({ offset: true }).optional()

/** PUT /admin/listings/{id}/status: a rejection needs a reason the owner will read; an approval may have one. */
export const ModerationStatusBody = z.discriminatedUnion('status', [
  z.object({ status: z.literal('active'), reason: z.string().trim().max(500).optional(), updated_at: ReviewedVersion }),
  z.object({ status: z.literal('rejected'), reason: z.string().trim().min(3).max(500), updated_at: ReviewedVersion }),
])
export type ModerationStatus = z.output<typeof ModerationStatusBody>

/** GET /admin/listings/pending. */
export const PendingQuery = z.object({ page: PageParam, limit: Limit, language: LanguageParam.default(DEFAULT_LOCALE) })
export type PendingQuery = z.output<typeof PendingQuery>

/** GET /admin/reports. */
export const ReportsQuery = z.object({
  status: z.enum(REPORT_STATUSES).default('open'),
  page: PageParam,
  limit: Limit,
  language: LanguageParam.default(DEFAULT_LOCALE),
})
export type ReportsQuery = z.output<typeof ReportsQuery>

/** PUT /admin/reports/{id}: only a resolution may take the listing down. */
export const ResolveReportBody = z.discriminatedUnion('status', [
  z.object({ status: z.literal('resolved'), note: Note, remove_listing: z.boolean().default(false) }),
  z.object({ status: z.literal('dismissed'), note: Note, remove_listing: z.literal(false).default(false) }),
])
export type ResolveReport = z.output<typeof ResolveReportBody>

/** A report as its reporter sees it. */
export const ReportSchema = z.object({
  id: z.number().int(),
  listing_id: z.number().int(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  created_at: z.string(),
})
export type Report = z.infer<typeof ReportSchema>

/** A report in the admin queue: the reporter and a compact listing, with its number of open reports. */
export const AdminReportSchema = ReportSchema.extend({
  note: z.string().nullable(),
  resolved_by: z.number().int().nullable(),
  resolved_at: z.string().nullable(),
  reporter: z.object({ id: z.number().int(), first_name: z.string() }),
  listing: z.object({
    id: z.number().int(),
    slug: z.string(),
    status: z.enum(LISTING_STATUSES),
    type: z.enum(PROPERTY_TYPES),
    city_name: z.string(),
    description_excerpt: z.string(),
    thumb_url: z.string().nullable(),
    open_count: z.number().int(),
  }),
})
export type AdminReport = z.infer<typeof AdminReportSchema>

export const AdminReportPageSchema = z.object({ reports: z.array(AdminReportSchema), pagination: PaginationSchema })

/** PUT /admin/reports/{id}: the report, and the other open reports of the listing resolved with it. */
export const ResolvedReportSchema = z.object({ report: AdminReportSchema, also_resolved: z.array(z.number().int()) })

/** A listing as moderators see it: the owner's view (contact included) with the moderation fields. */
export const AdminListingSchema = ListingSchema.extend({
  status_reason: z.string().nullable(),
  verification_number: z.string().nullable(),
})
export type AdminListing = z.infer<typeof AdminListingSchema>

export const PendingPageSchema = z.object({ listings: z.array(AdminListingSchema), pagination: PaginationSchema })

/** The days the overview's series cover, today (UTC) included. */
export const STATS_DAYS = 30
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

/** GET /admin/stats/overview: the moderators' counts, and the last 30 days (UTC) day by day. */
export const StatsOverviewSchema = z.object({
  /** The first and last day of the series. */
  period: z.object({ from: Day, to: Day }),
  /** One row per day, oldest first: accounts signed up that day, and accounts existing at its end (deleted ones left out). */
  users_by_day: z.array(z.object({ day: Day, signups: z.number().int(), users: z.number().int() })),
  /** Active listings per country, most first. */
  active_listings_by_country: z.array(z.object({ country_code: z.string(), n: z.number().int() })),
  /** Paid payments by the day they were paid and product, in minor units of their currency; days without sales left out. */
  revenue_by_day: z.array(
    z.object({
      day: Day,
      product: z.enum(PAYMENT_KINDS),
      currency: z.string(),
      amount_minor: z.number().int(),
      payments: z.number().int(),
    }),
  ),
  /** AI calls charged a credit (docs/decisions/021), one row per day; `refunded` were given back after a failure. */
  ai_calls_by_day: z.array(
    z.object({
      day: Day,
      search: z.number().int(),
      analyze: z.number().int(),
      compare: z.number().int(),
      refunded: z.number().int(),
    }),
  ),
  /** Alert notifications sent (notification_outbox, docs/decisions/020), one row per day, by channel. */
  alerts_delivered_by_day: z.array(
    z.object({
      day: Day,
      telegram: z.number().int(),
      web_push: z.number().int(),
      fcm: z.number().int(),
      email: z.number().int(),
    }),
  ),
  /** Alert notifications given up on (parked) in the period. */
  alerts_parked: z.number().int(),
  listings_total: z.number().int(),
  listings_by_status: z.record(z.enum(LISTING_STATUSES), z.number().int()),
  listings_new_7d: z.number().int(),
  pending_listings: z.number().int(),
  open_reports: z.number().int(),
  users_total: z.number().int(),
  users_new_7d: z.number().int(),
})
export type StatsOverview = z.infer<typeof StatsOverviewSchema>
