import type { z } from 'zod'
import type { LocaleCode } from '../../../shared/locales.ts'
import type { ListingWriteBody } from '../../../shared/schemas/listing-write.ts'
import { ApiError, query, type Answer, type Api } from './call.ts'
import type { Pagination } from './listings.ts'

export type OwnListing = Answer<'OwnListingSchema'>
/** A page of own listings; `skipped` marks the empty page shown in place of a 500. */
export type OwnListingPage = Answer<'OwnListingPageSchema'> & { skipped?: 'VALIDATION_ERROR_SKIPPED' }
export type ListingAnalytics = Answer<'ListingAnalyticsSchema'>
export type Boost = Answer<'BoostAnswerSchema'>
/** The wire body of POST /listings and PUT /listings/{id} (snake_case, as the API reads it). */
export type ListingWriteInput = z.input<typeof ListingWriteBody>

/** The owner's side of listings: writes, status, numbers and photos. */
export const ownListingsApi = ({ call }: Api) => ({
  /** A 500 from this call is shown as an empty list with a note, not as an error. */
  async list(
    params: { status?: string; page?: number; per_page?: number; include_analytics?: boolean; language: LocaleCode },
    signal?: AbortSignal,
  ): Promise<OwnListingPage> {
    try {
      return await call('OwnListingPageSchema', `/users/listings${query(params)}`, { signal })
    } catch (err) {
      // the product's rule is about the HTTP answer: a 500 (decision 013), whatever its body says
      if (!(err instanceof ApiError) || err.status !== 500) throw err
      const perPage = params.per_page ?? 20
      const pagination: Pagination = {
        currentPage: params.page ?? 1,
        totalPages: 1,
        totalItems: 0,
        itemsPerPage: perPage,
        hasNext: false,
        hasPrev: false,
      }
      return { listings: [], pagination, skipped: 'VALIDATION_ERROR_SKIPPED' }
    }
  },
  /** The owner's (or an admin's) view of a listing in any status, with its contact. */
  get: (id: number, language: LocaleCode, signal?: AbortSignal) =>
    call('ListingSchema', `/listings/${id}${query({ language })}`, { signal }),
  create: (body: ListingWriteInput, language: LocaleCode) =>
    call('ListingSchema', `/listings${query({ language })}`, { method: 'POST', body }),
  update: (id: number, body: ListingWriteInput, language: LocaleCode) =>
    call('ListingSchema', `/listings/${id}${query({ language })}`, { method: 'PUT', body }),
  async remove(id: number): Promise<void> {
    await call('ListingRemovedSchema', `/listings/${id}`, { method: 'DELETE' })
  },
  setStatus: (id: number, status: 'pending' | 'rented' | 'removed') =>
    call('ListingSchema', `/users/listings/${id}/status`, { method: 'PUT', body: { status } }),
  /** Boosts an active listing with one of the owner's free boosts (`boosted: false` when there is none left). */
  boost: (id: number) => call('BoostAnswerSchema', `/listings/${id}/boost`, { method: 'POST', body: {} }),
  duplicate: (id: number) => call('ListingSchema', `/listings/${id}/duplicate`, { method: 'POST', body: {} }),
  analytics: (id: number, signal?: AbortSignal) =>
    call('ListingAnalyticsSchema', `/users/listings/${id}/analytics`, { signal }),
  photos: async (id: number, signal?: AbortSignal) =>
    (await call('ListingPhotosSchema', `/upload/listings/${id}/photos`, { signal })).photos,
})
