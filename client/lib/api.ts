import type { LocaleCode } from '../../shared/locales.ts'
import type { Listing as WireListing, ListingPage as WireListingPage } from '../../shared/schemas/listing.ts'
import type { FavoritePageSchema, FavoriteStateSchema } from '../../shared/schemas/listing.ts'
import type { z } from 'zod'
import type { City as WireCity, Country as WireCountry } from '../../shared/schemas/location.ts'
import type { User as WireUser } from '../../shared/schemas/user.ts'
import type { Identity as WireIdentity } from '../../shared/schemas/identity.ts'
import type { ListingWriteBody, OwnListingSchema } from '../../shared/schemas/listing-write.ts'
import type { Pagination as WirePagination } from '../../shared/schemas/common.ts'
import type { AdminListing as WireAdminListing, AdminReport as WireAdminReport, StatsOverview as WireStatsOverview } from '../../shared/schemas/moderation.ts'
import { camelize, type Camelize } from './camelize.ts'

export type Listing = Camelize<WireListing>
export type ListingPage = Camelize<WireListingPage>
export type City = Camelize<WireCity>
export type Country = Camelize<WireCountry>
export type User = Camelize<WireUser>
export type Identity = Camelize<WireIdentity>
type WireFavoritePage = z.infer<typeof FavoritePageSchema>
type WireFavoriteState = z.infer<typeof FavoriteStateSchema>
export type FavoritePage = Camelize<WireFavoritePage>
export type FavoriteState = Camelize<WireFavoriteState>
type WireOwnListing = z.infer<typeof OwnListingSchema>
export type OwnListing = Camelize<WireOwnListing>
export type Pagination = Camelize<WirePagination>
/** The wire body of POST /listings and PUT /listings/{id} (SPEC §3 names). */
export type ListingWriteInput = z.input<typeof ListingWriteBody>
/** An own listing's numbers (GET /users/listings/{id}/analytics). */
interface WireListingAnalytics {
  listing_id: number
  views_total: number
  views_by_day: Array<{ date: string; views: number }>
  favorites: number
  contact_reveals: number
}
export type ListingAnalytics = Camelize<WireListingAnalytics>
/** A photo as uploaded (POST /upload/photos), and as stored for a listing (GET /upload/listings/{id}/photos). */
interface WireUploadedPhoto {
  file_id: string
  thumb_file_id: string
  url: string
  thumb_url: string
  width: number
  height: number
}
export type UploadedPhoto = Camelize<WireUploadedPhoto>
export type ListingPhoto = UploadedPhoto & { id: number; position: number }
export type AdminListing = Camelize<WireAdminListing>
export type AdminReport = Camelize<WireAdminReport>
export type StatsOverview = Camelize<WireStatsOverview>
export type ActionMode = 'verifyEmail' | 'resetPassword'
export type LinkMethod = 'email' | 'telegram'
interface WireAccountStatus {
  auth_methods: string[]
  telegram_linked: boolean
  email_linked: boolean
  email_verified: boolean
  phone_verified: boolean
  can_unlink: boolean
  created_at: string
}
export type AccountStatus = Camelize<WireAccountStatus>

/** One call to the product API: a path under /api/v1 and its JSON answer. */
export type Transport = (
  path: string,
  init?: { method?: string; body?: unknown; signal?: AbortSignal },
) => Promise<{ status: number; body: unknown }>

/** A failed API call; branch on `code`, never on the message (STYLE: Errors). */
export class ApiError extends Error {
  readonly code: string
  readonly status: number
  readonly details: unknown

  constructor(status: number, code: string, message: string, details: unknown = null) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.details = details
  }
}

// The gateway's short-lived cache hands out the same body object again: map it once.
const camelized = new WeakMap<object, unknown>()
function camelizeOnce<T>(value: T): Camelize<T> {
  if (!value || typeof value !== 'object') return camelize(value)
  const hit = camelized.get(value)
  if (hit) return hit as Camelize<T>
  const mapped = camelize(value)
  camelized.set(value, mapped)
  return mapped
}

interface Envelope<T> {
  success: boolean
  data: T
  error: { code: string; message: string; details: unknown } | null
}

const query = (params: Record<string, string | number | boolean | undefined | null>) => {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue
    search.set(key, String(value))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

/** SPEC §8: a sign-in answer without its user is an error of its own. */
function sessionUser(data: { user?: WireUser }): User {
  if (!data?.user) throw new ApiError(500, 'LOGIN_RESPONSE_INVALID', 'Login response missing user data')
  return camelize(data.user)
}

/** The typed client of /api/v1; the same code runs on the server (direct to the API) and in the browser (through the gateway). */
export function createApi(transport: Transport) {
  async function call<T>(path: string, init?: Parameters<Transport>[1]): Promise<T> {
    let answer: { status: number; body: unknown }
    try {
      answer = await transport(path, init)
    } catch (err) {
      if (err instanceof ApiError) throw err
      throw new ApiError(0, 'NETWORK_ERROR', 'Network error. Please check your connection.')
    }
    const body = answer.body as Envelope<T> | null
    if (answer.status >= 400 || !body || body.success !== true) {
      const error = body?.error
      throw new ApiError(answer.status, error?.code ?? 'API_ERROR', error?.message ?? 'API request failed', error?.details ?? null)
    }
    return body.data
  }

  return {
    listings: {
      async search(params: Record<string, string | number | boolean | undefined>, signal?: AbortSignal): Promise<ListingPage> {
        return camelizeOnce(await call<WireListingPage>(`/listings${query(params)}`, { signal }))
      },
      async get(idOrSlug: string, language: LocaleCode, signal?: AbortSignal): Promise<Listing> {
        return camelizeOnce(await call<WireListing>(`/listings/${encodeURIComponent(idOrSlug)}${query({ language })}`, { signal }))
      },
      /** Counts a view of the listing's page (sent by the page once it has loaded; never awaited by rendering). */
      async view(id: number): Promise<void> {
        await call<unknown>(`/listings/${id}/view`, { method: 'POST', body: {} })
      },
    },
    users: {
      async profile(signal?: AbortSignal): Promise<User> {
        return camelize(await call<WireUser>('/users/profile', { signal }))
      },
      async updateProfile(body: { first_name?: string; last_name?: string | null; username?: string | null; language?: LocaleCode }): Promise<User> {
        return camelize(await call<WireUser>('/users/profile', { method: 'PUT', body }))
      },
      /** The dashboard home: the user, own listings by status and the favourites count. */
      async summary(signal?: AbortSignal): Promise<{ user: User; listings: { total: number; byStatus: Record<string, number> }; favorites: number }> {
        const data = await call<{ user: WireUser; listings: { total: number; by_status: Record<string, number> }; favorites: number }>('/users/summary', { signal })
        // statuses are data keys, not fields: only the outer object is camelized
        return { user: camelize(data.user), listings: { total: data.listings.total, byStatus: data.listings.by_status }, favorites: data.favorites }
      },
      /** POST /users/verify-phone: without a code one is sent by SMS; with it the number is verified. */
      async sendPhoneCode(phoneNumber: string): Promise<{ expiresIn: number }> {
        return camelize(await call<{ expires_in: number }>('/users/verify-phone', { method: 'POST', body: { phone_number: phoneNumber } }))
      },
      async verifyPhone(phoneNumber: string, code: string): Promise<User> {
        return camelize(await call<WireUser>('/users/verify-phone', { method: 'POST', body: { phone_number: phoneNumber, code } }))
      },
      async accountStatus(signal?: AbortSignal): Promise<AccountStatus> {
        return camelize(await call<WireAccountStatus>('/users/account-status', { signal }))
      },
      async linkNonce(): Promise<string> {
        return (await call<{ nonce: string }>('/users/link-nonce', { method: 'POST', body: {} })).nonce
      },
      async verifyEmailForLinking(body: { email: string; firebase_token: string }): Promise<{ email: string; linkedAccount: { firstName: string; listingsCount: number } | null }> {
        return camelize(await call<{ email: string; linked_account: { first_name: string; listings_count: number } | null }>('/users/verify-email-for-linking', { method: 'POST', body }))
      },
      async linkAccount(body: { auth_method: 'email'; email: string; firebase_token: string }): Promise<User> {
        return camelize((await call<{ user: WireUser }>('/users/link-account', { method: 'POST', body })).user)
      },
      /** SPEC §5: a merge always sends confirm_merge true. */
      async mergeAccounts(source: { auth_method: LinkMethod; merge_token: string }, target: LinkMethod): Promise<User> {
        const body = { source_auth: source, target_auth: { auth_method: target }, confirm_merge: true }
        return camelize((await call<{ user: WireUser }>('/users/merge-accounts', { method: 'POST', body })).user)
      },
      async unlinkAccount(authMethod: LinkMethod): Promise<User> {
        return camelize((await call<{ user: WireUser }>('/users/unlink-account', { method: 'DELETE', body: { auth_method: authMethod } })).user)
      },
      async deleteAccount(): Promise<void> {
        await call<unknown>('/users/account', { method: 'DELETE' })
      },
    },
    /** The owner's side of listings (SPEC §7 Listings, Uploads; DESIGN §6). */
    ownListings: {
      /** SPEC §8: a 500 from this call is shown as an empty list with a note, not as an error. */
      async list(
        params: { status?: string; page?: number; per_page?: number; include_analytics?: boolean; language: LocaleCode },
        signal?: AbortSignal,
      ): Promise<{ listings: OwnListing[]; pagination: Pagination; skipped?: 'VALIDATION_ERROR_SKIPPED' }> {
        try {
          return camelize(await call<{ listings: WireOwnListing[]; pagination: WirePagination }>(`/users/listings${query(params)}`, { signal }))
        } catch (err) {
          if (!(err instanceof ApiError) || err.status !== 500) throw err
          const perPage = params.per_page ?? 20
          const pagination = { currentPage: params.page ?? 1, totalPages: 1, totalItems: 0, itemsPerPage: perPage, hasNext: false, hasPrev: false }
          return { listings: [], pagination, skipped: 'VALIDATION_ERROR_SKIPPED' }
        }
      },
      /** The owner's (or an admin's) view of a listing in any status, with its contact. */
      async get(id: number, language: LocaleCode, signal?: AbortSignal): Promise<Listing> {
        return camelize(await call<WireListing>(`/listings/${id}${query({ language })}`, { signal }))
      },
      async create(body: ListingWriteInput, language: LocaleCode): Promise<Listing> {
        return camelize(await call<WireListing>(`/listings${query({ language })}`, { method: 'POST', body }))
      },
      async update(id: number, body: ListingWriteInput, language: LocaleCode): Promise<Listing> {
        return camelize(await call<WireListing>(`/listings/${id}${query({ language })}`, { method: 'PUT', body }))
      },
      async remove(id: number): Promise<void> {
        await call<unknown>(`/listings/${id}`, { method: 'DELETE' })
      },
      async setStatus(id: number, status: 'pending' | 'rented' | 'removed'): Promise<Listing> {
        return camelize(await call<WireListing>(`/users/listings/${id}/status`, { method: 'PUT', body: { status } }))
      },
      async duplicate(id: number): Promise<Listing> {
        return camelize(await call<WireListing>(`/listings/${id}/duplicate`, { method: 'POST', body: {} }))
      },
      async analytics(id: number, signal?: AbortSignal): Promise<ListingAnalytics> {
        return camelize(await call<WireListingAnalytics>(`/users/listings/${id}/analytics`, { signal }))
      },
      async photos(id: number, signal?: AbortSignal): Promise<ListingPhoto[]> {
        return camelize((await call<{ photos: Array<WireUploadedPhoto & { id: number; position: number }> }>(`/upload/listings/${id}/photos`, { signal })).photos)
      },
    },
    reports: {
      /** POST /listings/{id}/report: a signed-in reader flags a public listing for the moderators. */
      async create(listingId: number, body: { reason: string; details?: string }): Promise<void> {
        await call<unknown>(`/listings/${listingId}/report`, { method: 'POST', body })
      },
    },
    /** The moderators' queue (SPEC §7 Admin); every call answers 403 to anyone but an admin. */
    moderation: {
      async stats(signal?: AbortSignal): Promise<StatsOverview> {
        return camelize(await call<WireStatsOverview>('/admin/stats/overview', { signal }))
      },
      async pending(params: { page?: number; limit?: number; language: LocaleCode }, signal?: AbortSignal): Promise<{ listings: AdminListing[]; pagination: Pagination }> {
        return camelize(await call<{ listings: WireAdminListing[]; pagination: WirePagination }>(`/admin/listings/pending${query(params)}`, { signal }))
      },
      async decide(id: number, body: { status: 'active' | 'rejected'; reason?: string; updated_at: string }): Promise<AdminListing> {
        return camelize(await call<WireAdminListing>(`/admin/listings/${id}/status`, { method: 'PUT', body }))
      },
      async reports(params: { status?: string; page?: number; language: LocaleCode }, signal?: AbortSignal): Promise<{ reports: AdminReport[]; pagination: Pagination }> {
        return camelize(await call<{ reports: WireAdminReport[]; pagination: WirePagination }>(`/admin/reports${query(params)}`, { signal }))
      },
      async resolveReport(id: number, body: { status: 'resolved' | 'dismissed'; note?: string; remove_listing?: boolean }): Promise<void> {
        await call<unknown>(`/admin/reports/${id}`, { method: 'PUT', body })
      },
    },
    favorites: {
      async list(params: { page?: number; limit?: number; language: LocaleCode }, signal?: AbortSignal): Promise<FavoritePage> {
        return camelize(await call<WireFavoritePage>(`/favorites${query(params)}`, { signal }))
      },
      async add(listingId: number): Promise<FavoriteState> {
        return camelize(await call<WireFavoriteState>(`/favorites/${listingId}`, { method: 'POST' }))
      },
      async remove(listingId: number): Promise<FavoriteState> {
        return camelize(await call<WireFavoriteState>(`/favorites/${listingId}`, { method: 'DELETE' }))
      },
    },
    auth: {
      async logout(): Promise<void> {
        await call<unknown>('/auth/logout', { method: 'POST', body: {} })
      },
      /** The account of a verified e-mail identity; the gateway keeps the tokens in cookies and answers `user`. */
      async emailLogin(body: { email: string; firebase_token: string; language_code?: LocaleCode }): Promise<User> {
        return sessionUser(await call<{ user?: WireUser }>('/auth/email-login', { method: 'POST', body }))
      },
      async createUser(body: { firebase_token: string; first_name: string; last_name?: string; language_code?: LocaleCode }): Promise<User> {
        return sessionUser(await call<{ user?: WireUser }>('/auth/create-user', { method: 'POST', body }))
      },
    },
    /** The built-in e-mail identity provider (the same steps Firebase Authentication offers). */
    identity: {
      async signUp(body: { email: string; password: string; display_name?: string; language?: LocaleCode }): Promise<Identity> {
        return camelize(await call<WireIdentity>('/identity/sign-up', { method: 'POST', body }))
      },
      async signIn(body: { email: string; password: string }): Promise<Identity> {
        return camelize(await call<WireIdentity>('/identity/sign-in', { method: 'POST', body }))
      },
      async sendVerification(idToken: string): Promise<{ sent: boolean; alreadyVerified: boolean }> {
        return camelize(await call<{ sent: boolean; already_verified: boolean }>('/identity/send-verification', { method: 'POST', body: { id_token: idToken } }))
      },
      async sendPasswordReset(email: string): Promise<void> {
        await call<unknown>('/identity/send-password-reset', { method: 'POST', body: { email } })
      },
      async checkCode(oobCode: string, signal?: AbortSignal): Promise<{ mode: ActionMode; email: string }> {
        return call('/identity/check-code', { method: 'POST', body: { oob_code: oobCode }, signal })
      },
      async applyCode(body: { mode: ActionMode; oob_code: string; new_password?: string }, signal?: AbortSignal): Promise<{ mode: ActionMode; email: string }> {
        return call('/identity/apply-code', { method: 'POST', body, signal })
      },
    },
    locations: {
      async countries(language: LocaleCode, signal?: AbortSignal): Promise<Country[]> {
        return camelizeOnce((await call<{ countries: WireCountry[] }>(`/locations/countries${query({ language })}`, { signal })).countries)
      },
      /** Every city of one country, for the listing form's city picker. */
      async citiesOf(country: string, language: LocaleCode, signal?: AbortSignal): Promise<City[]> {
        return camelizeOnce((await call<{ cities: WireCity[] }>(`/locations/countries/${encodeURIComponent(country)}/cities${query({ language })}`, { signal })).cities)
      },
      async searchCities(q: string, language: LocaleCode, signal?: AbortSignal): Promise<City[]> {
        const path = `/locations/cities/search${query({ q, language, limit: 8 })}`
        return camelizeOnce((await call<{ cities: WireCity[] }>(path, { signal })).cities)
      },
    },
  }
}
export type Api = ReturnType<typeof createApi>

/** Signed-in areas whose 401 in the browser means the session is over (SPEC §2); profile reads are the guards' own. */
const SIGNED_IN_CALL = /^\/(users|favorites|alerts|ai|admin|upload)(\/|\?|$)/

/**
 * Wraps the browser transport: after the gateway's one refresh has failed, a 401 on a signed-in
 * call sends the reader to the localized root with `login=required` (SPEC §2, §4). The guards'
 * GET /users/profile keeps its 401, because the guards redirect with `next` themselves.
 */
export function withLoginRedirect(inner: Transport, onLoginRequired: () => void): Transport {
  return async (path, init) => {
    const answer = await inner(path, init)
    const guardCheck = (init?.method ?? 'GET') === 'GET' && path.startsWith('/users/profile')
    if (answer.status === 401 && SIGNED_IN_CALL.test(path) && !guardCheck) onLoginRequired()
    return answer
  }
}

/** The browser transport: same-origin calls through the gateway, cookies included. */
export const browserTransport: Transport = async (path, init) => {
  const res = await fetch(`/api/v1${path}`, {
    method: init?.method ?? 'GET',
    headers: init?.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: init?.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: 'same-origin',
    signal: init?.signal,
  })
  const body: unknown = await res.json().catch(() => null)
  return { status: res.status, body }
}
