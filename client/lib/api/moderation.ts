import type { LocaleCode } from '../../../shared/locales.ts'
import { query, type Answer, type Api } from './call.ts'

export type AdminListing = Answer<'AdminListingSchema'>
export type AdminReport = Answer<'AdminReportSchema'>
export type StatsOverview = Answer<'StatsOverviewSchema'>

/** POST /listings/{id}/report: a signed-in reader flags a public listing for the moderators. */
export const reportsApi = ({ call }: Api) => ({
  async create(listingId: number, body: { reason: string; details?: string }): Promise<void> {
    await call('ReportSchema', `/listings/${listingId}/report`, { method: 'POST', body })
  },
})

/** The moderators' queue; every call answers 403 to anyone but an admin. */
export const moderationApi = ({ call }: Api) => ({
  stats: (signal?: AbortSignal) => call('StatsOverviewSchema', '/admin/stats/overview', { signal }),
  pending: (params: { page?: number; limit?: number; language: LocaleCode }, signal?: AbortSignal) =>
    call('PendingPageSchema', `/admin/listings/pending${query(params)}`, { signal }),
  decide: (id: number, body: { status: 'active' | 'rejected'; reason?: string; updated_at: string }) =>
    call('AdminListingSchema', `/admin/listings/${id}/status`, { method: 'PUT', body }),
  reports: (params: { status?: string; page?: number; language: LocaleCode }, signal?: AbortSignal) =>
    call('AdminReportPageSchema', `/admin/reports${query(params)}`, { signal }),
  async resolveReport(
    id: number,
    body: { status: 'resolved' | 'dismissed'; note?: string; remove_listing?: boolean },
  ): Promise<void> {
    await call('ResolvedReportSchema', `/admin/reports/${id}`, { method: 'PUT', body })
  },
})
