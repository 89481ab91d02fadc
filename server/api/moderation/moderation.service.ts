import { LISTING_STATUSES, type ListingStatus } from '../../../shared/constants.ts'
import { photoUrl } from '../../../shared/paths.ts'
import { paginationOf, type Pagination } from '../../../shared/schemas/common.ts'
import {
  MODERATION_TRANSITIONS,
  type AdminListing,
  type AdminReport,
  type ModerationStatus,
  type PendingQuery,
  type Report,
  type ReportInput,
  type ReportsQuery,
  type ResolveReport,
  type StatsOverview,
} from '../../../shared/schemas/moderation.ts'
import { AppError } from '../../lib/errors.ts'
import type { Db } from '../db/client.ts'
import { USER_WINDOWS } from '../rate-limit/limits.ts'
import { windowFull } from '../rate-limit/user-windows.ts'
import { matchListing } from '../alerts/alerts.repo.ts'
import { isOwner, type Viewer } from '../policy.ts'
import type { PublicListingsService } from '../listings/public/public.service.ts'
import { statsRepo, type DayRow } from './stats.repo.ts'
import { moderationRepo, type AdminReportRow, type ModerationFieldsRow, type ReportRow } from './moderation.repo.ts'

const listingNotFound = () => new AppError('NOT_FOUND', 'Listing not found')
const reportNotFound = () => new AppError('NOT_FOUND', 'Report not found')

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null)

function toReport(r: ReportRow): Report {
  return {
    id: r.id,
    listing_id: r.listing_id,
    reason: r.reason as Report['reason'],
    details: r.details,
    status: r.status as Report['status'],
    created_at: new Date(r.created_at).toISOString(),
  }
}

function toAdminReport(r: AdminReportRow): AdminReport {
  return {
    ...toReport(r),
    note: r.note,
    resolved_by: r.resolved_by,
    resolved_at: iso(r.resolved_at),
    reporter: { id: r.reporter_id, first_name: r.reporter_first_name },
    listing: {
      id: r.listing_id,
      slug: r.listing_slug,
      status: r.listing_status as ListingStatus,
      type: r.listing_type as AdminReport['listing']['type'],
      city_name: r.city_name,
      description_excerpt: r.description_excerpt,
      thumb_url: r.thumb_file_id ? photoUrl(r.thumb_file_id) : null,
      open_count: r.open_count,
    },
  }
}

/** Moderation (docs/decisions/014-listing-statuses-and-moderation.md): the pending queue, approve and reject, user reports and the admin overview. */
export function moderationService(db: Db, options: { listings: PublicListingsService }) {
  /** The owner's view of these listings (contact included) with the moderation fields; photos in one query. */
  async function adminListings(fields: ModerationFieldsRow[], language: string): Promise<AdminListing[]> {
    const byId = new Map(fields.map((f) => [f.id, f]))
    // moderators judge the owner's own text, never a machine translation of it
    const listings = await options.listings.byIds([...byId.keys()], language, { translated: false })
    return listings.map((listing) => {
      const f = byId.get(listing.id)!
      return {
        ...listing,
        contact: f.contact,
        status_reason: f.status_reason,
        verification_number: f.verification_number,
        exact_location: f.exact_lat === null || f.exact_lng === null ? null : { lat: f.exact_lat, lng: f.exact_lng },
      }
    })
  }

  async function adminListing(id: number, language: string): Promise<AdminListing> {
    const [listing] = await adminListings(await moderationRepo(db).moderationFields([id]), language)
    if (!listing) throw listingNotFound()
    return listing
  }

  async function adminReport(id: number, language: string): Promise<AdminReport> {
    const row = await moderationRepo(db).adminReport(id, language)
    if (!row) throw reportNotFound()
    return toAdminReport(row)
  }

  return {
    /** POST /listings/{id}/report: only public listings, never one's own, one open report each, 20 a day. */
    async report(viewer: Viewer, listingId: number, body: ReportInput): Promise<Report> {
      return db.transaction(async (tx) => {
        const repo = moderationRepo(tx)
        if (!(await repo.lockUser(viewer.userId))) throw new AppError('UNAUTHENTICATED')
        const listing = await repo.listingState(listingId, false)
        if (!listing || listing.status !== 'active') throw listingNotFound()
        if (isOwner(viewer, listing))
          throw new AppError('VALIDATION_ERROR', 'You cannot report your own listing', { reason: 'own_listing' })
        if (await repo.hasOpenReport(listingId, viewer.userId)) {
          throw new AppError('CONFLICT', 'You have already reported this listing', { reason: 'already_reported' })
        }
        const full = await windowFull(
          tx,
          { table: 'listing_reports', owner: { reporter_id: viewer.userId } },
          USER_WINDOWS.reports,
        )
        if (full) {
          throw new AppError('RATE_LIMITED', 'Too many reports; try again later', {
            reason: 'too_many_reports',
            retry_after_s: full.retryAfterS,
          })
        }
        return toReport(await repo.insertReport(listingId, viewer.userId, body.reason, body.details ?? null))
      })
    },

    /** GET /admin/listings/pending: oldest first, as the owner sees each listing. */
    async pending(query: PendingQuery): Promise<{ listings: AdminListing[]; pagination: Pagination }> {
      const { rows, total } = await moderationRepo(db).pendingPage(query.limit, (query.page - 1) * query.limit)
      return {
        listings: await adminListings(rows, query.language),
        pagination: paginationOf(query.page, query.limit, total),
      }
    },

    /** PUT /admin/listings/{id}/status: approve or reject under the row lock; the public cache forgets the listing. */
    async setStatus(adminId: number, id: number, body: ModerationStatus, language: string): Promise<AdminListing> {
      const { slug } = await db.transaction(async (tx) => {
        const repo = moderationRepo(tx)
        const current = await repo.listingState(id, true)
        if (!current) throw listingNotFound()
        if (!(MODERATION_TRANSITIONS[current.status] ?? []).includes(body.status)) {
          throw new AppError('CONFLICT', `A ${current.status} listing cannot become ${body.status}`, {
            reason: 'transition_not_allowed',
            from: current.status,
            to: body.status,
          })
        }
        // the owner may have edited it since the moderator read it: never publish unread text
        if (body.updated_at && Date.parse(body.updated_at) !== new Date(current.updated_at).getTime()) {
          throw new AppError('CONFLICT', 'The listing changed after you read it; review it again', {
            reason: 'listing_changed',
            updated_at: new Date(current.updated_at).toISOString(),
          })
        }
        if (body.status === 'active') {
          await repo.approve(id, adminId)
          // the saved searches it satisfies, their inbox and outbox rows: in this transaction (docs/decisions/020-alerts-and-outbox.md)
          await matchListing(tx, id)
        } else await repo.setModeratedStatus(id, 'rejected', body.reason, adminId)
        return current
      })
      options.listings.invalidate({ id, slug })
      return adminListing(id, language)
    },

    /** GET /admin/reports: one query for the page, reporter and listing joined. */
    async reports(query: ReportsQuery): Promise<{ reports: AdminReport[]; pagination: Pagination }> {
      const { rows, total } = await moderationRepo(db).reportsPage(
        query.status,
        query.language,
        query.limit,
        (query.page - 1) * query.limit,
      )
      return { reports: rows.map(toAdminReport), pagination: paginationOf(query.page, query.limit, total) }
    },

    /** PUT /admin/reports/{id}: closes an open report; removing the listing closes its other open reports too. */
    async resolve(
      adminId: number,
      id: number,
      body: ResolveReport,
      language: string,
    ): Promise<{ report: AdminReport; also_resolved: number[] }> {
      const found = await moderationRepo(db).findReport(id)
      if (!found) throw reportNotFound()
      const note = body.note ?? null
      const { alsoResolved, slug } = await db.transaction(async (tx) => {
        const repo = moderationRepo(tx)
        // the listing row first: two admins closing reports of one listing wait on it instead of deadlocking
        const listing = await repo.listingState(found.listing_id, true)
        const report = await repo.lockReport(id)
        if (!listing || !report) throw reportNotFound()
        if (report.status !== 'open') {
          throw new AppError('CONFLICT', 'This report is already closed', {
            reason: 'report_not_open',
            status: report.status,
          })
        }
        await repo.closeReports({ ids: [id] }, body.status, note, adminId)
        if (!body.remove_listing) return { alsoResolved: [], slug: listing.slug }
        if (listing.status !== 'removed')
          await repo.setModeratedStatus(report.listing_id, 'removed', 'removed by moderation', adminId)
        return {
          alsoResolved: await repo.closeReports({ listingId: report.listing_id }, 'resolved', note, adminId),
          slug: listing.slug,
        }
      })
      if (body.remove_listing) options.listings.invalidate({ id: found.listing_id, slug })
      return { report: await adminReport(id, language), also_resolved: alsoResolved }
    },

    /** GET /admin/stats/overview: the moderators' counts. */
    async overview(): Promise<StatsOverview> {
      const stats = statsRepo(db)
      const [{ byStatus, totals }, days, revenue, byCountry, parked] = await Promise.all([
        moderationRepo(db).overview(),
        stats.days(),
        stats.revenue(),
        stats.activeByCountry(),
        stats.parked(),
      ])
      const counts = Object.fromEntries(LISTING_STATUSES.map((s) => [s, 0])) as Record<ListingStatus, number>
      let newListings = 0
      for (const row of byStatus) {
        counts[row.status as ListingStatus] = row.n
        newListings += row.new_7d
      }
      return {
        listings_total: Object.values(counts).reduce((a, b) => a + b, 0),
        listings_by_status: counts,
        listings_new_7d: newListings,
        pending_listings: counts.pending,
        open_reports: totals.open_reports,
        users_total: totals.users_total,
        users_new_7d: totals.users_new_7d,
        period: { from: days[0]!.day, to: days.at(-1)!.day },
        users_by_day: usersByDay(days, totals.users_total),
        active_listings_by_country: byCountry,
        revenue_by_day: revenue,
        ai_calls_by_day: days.map(({ day, search, analyze, compare, refunded }) => ({
          day,
          search,
          analyze,
          compare,
          refunded,
        })),
        alerts_delivered_by_day: days.map(({ day, telegram, web_push, fcm, email }) => ({
          day,
          telegram,
          web_push,
          fcm,
          email,
        })),
        alerts_parked: parked,
      }
    },
  }
}
export type ModerationService = ReturnType<typeof moderationService>

/** Sign-ups per day, and the accounts at each day's end: today's total less those who signed up later. */
function usersByDay(days: DayRow[], usersTotal: number) {
  let later = 0
  const rows = days.map(({ day, signups }) => ({ day, signups, users: 0 }))
  for (let i = rows.length - 1; i >= 0; i--) {
    rows[i]!.users = usersTotal - later
    later += rows[i]!.signups
  }
  return rows
}
