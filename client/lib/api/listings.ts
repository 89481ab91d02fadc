import type { LocaleCode } from '../../../shared/locales.ts'
import { query, type Answer, type Api } from './call.ts'

export type Listing = Answer<'ListingSchema'>
export type ListingPage = Answer<'ListingPageSchema'>
export type Pagination = Answer<'PaginationSchema'>
export type ContactAccess = Answer<'ContactAccessSchema'>
export type ContactAnswer = Answer<'ContactAnswerSchema'>
export type MapPoints = Answer<'MapPointsSchema'>

/** Public listing reads: anyone may call them (a page's view count: ./listing-views.ts). */
export const listingsApi = ({ call }: Api) => ({
  search: (params: Record<string, string | number | boolean | undefined>, signal?: AbortSignal) =>
    call('ListingPageSchema', `/listings${query(params)}`, { signal }),
  /** The search's public points for its map (at most MAP_POINTS_LIMIT, in the search's order; no paging). */
  points: (params: Record<string, string | number | boolean | undefined>, signal?: AbortSignal) =>
    call('MapPointsSchema', `/listings/points${query(params)}`, { signal }),
  get: (idOrSlug: string, language: LocaleCode, signal?: AbortSignal) =>
    call('ListingSchema', `/listings/${encodeURIComponent(idOrSlug)}${query({ language })}`, { signal }),
  /** Opens the owner's contact for the signed-in reader, or says why not (`access`: the day's reveals used). */
  contact: (id: number) => call('ContactAnswerSchema', `/listings/${id}/contact`, { method: 'POST', body: {} }),
})
