import type { ListingAnalytics } from '../../../../shared/schemas/listing-write.ts'
import { AppError } from '../../../lib/errors.ts'
import type { Queryable } from '../../db/client.ts'
import { canManage, type Viewer } from '../../policy.ts'
import { analyticsRepo, type AnalyticsRow } from './analytics.repo.ts'
import { utcDay } from './views.ts'

const DAY_MS = 86_400_000
/** Days of GET /users/listings/{id}/analytics `views_by_day`, today included. */
export const ANALYTICS_DAYS = 30

/** The windows of the summary numbers: the last 7 and 14 UTC days, today included. */
const summaryDays = (now: number) => ({
  weekStart: utcDay(now - 6 * DAY_MS),
  fortnightStart: utcDay(now - 13 * DAY_MS),
  today: utcDay(now),
})

/** A listing's numbers for those who manage it: views by UTC day, favourites, contact reveals. */
export function listingAnalyticsService(db: Queryable) {
  const repo = analyticsRepo(db)
  return {
    /** GET /users/listings/{id}/analytics: views by UTC day, zeros filled, oldest first; 404 for anyone who does not manage the listing. */
    async forListing(viewer: Viewer, listingId: number): Promise<ListingAnalytics> {
      const listing = await repo.findListing(listingId)
      if (!listing || !canManage(viewer, listing)) throw new AppError('NOT_FOUND', 'Listing not found')
      const now = Date.now()
      const days = Array.from({ length: ANALYTICS_DAYS }, (_, i) => utcDay(now - (ANALYTICS_DAYS - 1 - i) * DAY_MS))
      const [[summary], counted] = await Promise.all([
        repo.summaries([listingId], summaryDays(now)),
        repo.viewsSince(listingId, days[0]!),
      ])
      const byDay = new Map(counted.map((c) => [c.date, c.views]))
      return {
        listing_id: listingId,
        views_total: summary?.views_total ?? 0,
        views_by_day: days.map((date) => ({ date, views: byDay.get(date) ?? 0 })),
        favorites: summary?.favorites ?? 0,
        contact_reveals: summary?.contact_reveals ?? 0,
      }
    },

    /** The numbers of a page of own listings in one query (`views_7d`: the last 7 UTC days, today included). */
    async summaries(listingIds: number[]): Promise<Map<number, Omit<AnalyticsRow, 'listing_id'>>> {
      const rows = await repo.summaries(listingIds, summaryDays(Date.now()))
      return new Map(rows.map(({ listing_id, ...numbers }) => [listing_id, numbers]))
    },
  }
}
export type ListingAnalyticsService = ReturnType<typeof listingAnalyticsService>
