import type { ListingAnalytics } from '../../../shared/schemas/listing-write.ts'
import type { Queryable } from '../db/client.ts'
import { analyticsRepo, type AnalyticsRow } from './analytics-repo.ts'
import { utcDay } from './views.ts'

const DAY_MS = 86_400_000
/** Days of GET /users/listings/{id}/analytics `views_by_day`, today included. */
export const ANALYTICS_DAYS = 30

/** The windows of the summary numbers: the last 7 and 14 UTC days, today included. */
const summaryDays = (now: number) => ({ weekStart: utcDay(now - 6 * DAY_MS), fortnightStart: utcDay(now - 13 * DAY_MS), today: utcDay(now) })

/** A listing's numbers for its owner; views by UTC day, zeros filled, oldest first. */
export async function listingAnalytics(db: Queryable, listingId: number): Promise<ListingAnalytics> {
  const now = Date.now()
  const days = Array.from({ length: ANALYTICS_DAYS }, (_, i) => utcDay(now - (ANALYTICS_DAYS - 1 - i) * DAY_MS))
  const repo = analyticsRepo(db)
  const [[summary], counted] = await Promise.all([repo.summaries([listingId], summaryDays(now)), repo.viewsSince(listingId, days[0]!)])
  const byDay = new Map(counted.map((c) => [c.date, c.views]))
  return {
    listing_id: listingId,
    views_total: summary?.views_total ?? 0,
    views_by_day: days.map((date) => ({ date, views: byDay.get(date) ?? 0 })),
    favorites: summary?.favorites ?? 0,
    contact_reveals: summary?.contact_reveals ?? 0,
  }
}

/** The numbers of a page of own listings in one query (`views_7d`: the last 7 UTC days, today included). */
export async function analyticsSummaries(db: Queryable, listingIds: number[]): Promise<Map<number, Omit<AnalyticsRow, 'listing_id'>>> {
  const rows = await analyticsRepo(db).summaries(listingIds, summaryDays(Date.now()))
  return new Map(rows.map(({ listing_id, ...numbers }) => [listing_id, numbers]))
}
