import type { LocaleCode } from '../../shared/locales.ts'
import type { Listing as WireListing, ListingPage as WireListingPage } from '../../shared/schemas/listing.ts'
import type { City as WireCity, Country as WireCountry } from '../../shared/schemas/location.ts'
import type { User as WireUser } from '../../shared/schemas/user.ts'
import { camelize, type Camelize } from './camelize.ts'

export type Listing = Camelize<WireListing>
export type ListingPage = Camelize<WireListingPage>
export type City = Camelize<WireCity>
export type Country = Camelize<WireCountry>
export type User = Camelize<WireUser>

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
    },
    users: {
      async profile(signal?: AbortSignal): Promise<User> {
        return camelize(await call<WireUser>('/users/profile', { signal }))
      },
      async updateProfile(body: { first_name?: string; last_name?: string | null; username?: string | null; language?: LocaleCode }): Promise<User> {
        return camelize(await call<WireUser>('/users/profile', { method: 'PUT', body }))
      },
    },
    auth: {
      async logout(): Promise<void> {
        await call<unknown>('/auth/logout', { method: 'POST', body: {} })
      },
    },
    locations: {
      async countries(language: LocaleCode, signal?: AbortSignal): Promise<Country[]> {
        return camelizeOnce((await call<{ countries: WireCountry[] }>(`/locations/countries${query({ language })}`, { signal })).countries)
      },
      async searchCities(q: string, language: LocaleCode, signal?: AbortSignal): Promise<City[]> {
        const path = `/locations/cities/search${query({ q, language, limit: 8 })}`
        return camelizeOnce((await call<{ cities: WireCity[] }>(path, { signal })).cities)
      },
    },
  }
}
export type Api = ReturnType<typeof createApi>

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
