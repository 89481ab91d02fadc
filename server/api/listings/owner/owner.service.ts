import { randomBytes } from 'node:crypto'
import { currencyExponent, EUR_PER_UNIT } from '../../../../shared/money.ts'
import type { Listing } from '../../../../shared/schemas/listing.ts'
import { paginationOf } from '../../../../shared/schemas/common.ts'
import { LISTING_ACTIVE_DAYS } from '../../../../shared/constants.ts'
import { DEFAULT_LOCALE } from '../../../../shared/locales.ts'
import { OWNER_TRANSITIONS, type ListingWrite } from '../../../../shared/schemas/listing-write.ts'
import { photoUrl } from '../../../../shared/paths.ts'
import { slugify } from '../../../../shared/text.ts'
import { AppError, type FieldIssue } from '../../../lib/errors.ts'
import type { Db, Queryable } from '../../db/client.ts'
import type { LocationsService } from '../../locations/locations.service.ts'
import { canManage, type Viewer } from '../../policy.ts'
import type { ListingAnalyticsService } from '../analytics/analytics.service.ts'
import type { ListingRef } from '../../../lib/change-bus.ts'
import type { PublicListingsService } from '../public/public.service.ts'
import { distanceM } from '../../../../shared/geo.ts'
import { MAX_PIN_DISTANCE_KM } from '../../../../shared/constants.ts'
import { loadLocationKey } from '../../db/service-keys.ts'
import { exactPoint, publicPoint } from '../../../lib/public-point.ts'
import { ownerListingsRepo, type ListingLocationRow, type ListingWriteRow, type PhotoFileRow } from './owner.repo.ts'

const invalid = (issues: FieldIssue[]) => new AppError('VALIDATION_ERROR', 'The request is not valid', issues)
const notFound = () => new AppError('NOT_FOUND', 'Listing not found')
const DAY_MS = 86_400_000

/** The owner's side of listings (docs/decisions/014-listing-statuses-and-moderation.md): create, edit (back to moderation), remove. */
export interface OwnerListingsOptions {
  listings: PublicListingsService
  locations: LocationsService
  analytics: ListingAnalyticsService
  /** Called after a write that changes what the public sees. */
  onChanged: (listing: ListingRef) => void
}

export function ownerListingsService(db: Db, options: OwnerListingsOptions) {
  let locationKey: Promise<string> | undefined
  /** The pin and its public point; undefined: the body left the pin as it is. A pin far from its city is a field error. */
  async function toLocation(
    body: ListingWrite,
    cityId: number | null,
    issues: FieldIssue[],
    listingId?: number,
  ): Promise<ListingLocationRow | null | undefined> {
    // an update without `location` keeps the stored pin, which must still suit the city
    const pin =
      body.location === undefined && listingId !== undefined
        ? await options.listings.exactLocationOf(listingId)
        : body.location
    const centre = pin && cityId !== null ? await options.locations.centreOfCity(cityId) : null
    if (pin && centre && distanceM(centre, pin) > MAX_PIN_DISTANCE_KM * 1000)
      issues.push({
        path: 'location',
        code: 'too_far_from_city',
        message: `must lie within ${MAX_PIN_DISTANCE_KM} km of the city's centre`,
      })
    if (!body.location) return body.location
    const exact = exactPoint(body.location)
    locationKey ??= loadLocationKey(db).catch((err: unknown) => {
      locationKey = undefined
      throw err
    })
    return { exact, public: publicPoint(await locationKey, exact) }
  }

  /** The stored form of a write; the city and the term must be the country's, the photos the user's own uploads. */
  async function toRow(
    userId: number,
    body: ListingWrite,
    listingId?: number,
  ): Promise<{ row: ListingWriteRow; photos: PhotoFileRow[]; location: ListingLocationRow | null | undefined }> {
    const issues: FieldIssue[] = []
    const currency = await options.locations.currencyOf(body.country)
    if (!currency) issues.push({ path: 'country', code: 'unknown_country', message: 'is not a country we list' })
    const cityId = currency ? await options.locations.cityIn(body.country, body.city) : null
    if (currency && cityId === null)
      issues.push({ path: 'city', code: 'unknown_city', message: 'is not a city of this country' })
    const terms = currency ? await options.locations.termsOf(body.country) : undefined
    if (terms && !terms.includes(body.term))
      issues.push({ path: 'term', code: 'unsupported_term', message: 'is not a rental term this country offers' })
    const uploads = await ownerListingsRepo(db).ownUploads(userId, body.photos)
    body.photos.forEach((id, i) => {
      if (!uploads.has(id))
        issues.push({ path: `photos.${i}`, code: 'unknown_photo', message: 'is not one of your uploads' })
    })
    if (new Set(body.photos).size !== body.photos.length)
      issues.push({ path: 'photos', code: 'duplicate', message: 'lists a photo twice' })
    const location = await toLocation(body, cityId, issues, listingId)
    if (issues.length > 0 || cityId === null) throw invalid(issues)
    const rentMinor = body.rent === null ? null : Math.round(body.rent * 10 ** currencyExponent(body.currency))
    return {
      row: {
        type: body.type,
        countryCode: body.country,
        cityId,
        rentMinor,
        currency: body.currency,
        rentEurCents: body.rent === null ? null : Math.round(body.rent * (EUR_PER_UNIT[body.currency] ?? 1) * 100),
        isNegotiable: body.is_negotiable,
        genderPref: body.gender_pref,
        description: body.description,
        originalLanguage: body.original_language,
        term: body.term,
        startDate: body.start_date ?? null,
        hasContract: body.has_contract,
        sizeM2: body.size_m2 ?? null,
        rooms: body.rooms ?? null,
        furnished: body.furnished,
        contact: body.contact,
        verificationNumber: body.verification_number ?? null,
      },
      photos: body.photos.map((id) => uploads.get(id)!),
      location,
    }
  }

  async function view(id: number, viewer: Viewer, language: string): Promise<Listing> {
    const listing = await options.listings.findManaged(String(id), language, viewer)
    if (!listing) throw notFound()
    return listing
  }

  /** Locks the listing and checks the viewer may write it: anyone else gets the answer a missing listing gets. */
  async function writable(tx: Queryable, id: number, viewer: Viewer, lock = true) {
    const current = await ownerListingsRepo(tx).findState(id, lock)
    if (!current || !canManage(viewer, current) || current.status === 'removed') throw notFound()
    return current
  }

  return {
    /** POST /listings: a new listing waits for moderation (pending), invisible to the public. */
    async create(viewer: Viewer, body: ListingWrite, language: string): Promise<Listing> {
      const { row, photos, location } = await toRow(viewer.userId, body)
      const slug = `${slugify(`${row.type.replace('_', '-')} ${body.city}`)}-${randomBytes(4).toString('hex')}`
      const id = await db.transaction(async (tx) => {
        const repo = ownerListingsRepo(tx)
        const created = await repo.insert(viewer.userId, slug, row)
        if (location) await repo.setLocation(created, location)
        await repo.replacePhotos(created, photos)
        return created
      })
      return view(id, viewer, language)
    },

    /** PUT /listings/{id}: the owner's fields replaced; the listing goes back to moderation. */
    async update(viewer: Viewer, id: number, body: ListingWrite, language: string): Promise<Listing> {
      // ownership before the body: someone else's listing answers 404 whatever they send
      await writable(db, id, viewer, false)
      const { row, photos, location } = await toRow(viewer.userId, body, id)
      const { slug } = await db.transaction(async (tx) => {
        const current = await writable(tx, id, viewer)
        const repo = ownerListingsRepo(tx)
        await repo.update(id, row)
        if (location !== undefined) await repo.setLocation(id, location)
        await repo.replacePhotos(id, photos)
        return current
      })
      options.onChanged({ id, slug })
      return view(id, viewer, language)
    },

    /** DELETE /listings/{id}: removed (soft: the row stays); gone from search at once. */
    async remove(viewer: Viewer, id: number): Promise<{ removed: true }> {
      const { slug } = await db.transaction(async (tx) => {
        const current = await writable(tx, id, viewer)
        await ownerListingsRepo(tx).markRemoved(id)
        return current
      })
      options.onChanged({ id, slug })
      return { removed: true }
    },

    /** GET /users/listings: each listing as its owner's list shows it, with the actions its status allows. */
    async ownList(
      viewer: Viewer,
      query: {
        status?: string
        include_removed: boolean
        include_analytics?: boolean
        page: number
        per_page: number
        language: string
      },
    ) {
      const offset = (query.page - 1) * query.per_page
      const repo = ownerListingsRepo(db)
      const { rows, total } = await repo.ownPage(viewer.userId, {
        status: query.status,
        includeRemoved: query.include_removed,
        language: query.language,
        limit: query.per_page,
        offset,
      })
      const ids = rows.map((r) => r.id)
      const photos = await repo.photosOf(ids)
      const analytics = query.include_analytics ? await options.analytics.summaries(ids) : null
      const now = Date.now()
      return {
        listings: rows.map((r) => {
          const boostUntil = r.boost_until ? new Date(r.boost_until) : null
          return {
            id: r.id,
            slug: r.slug,
            property_type: r.type as Listing['type'],
            country: r.country_code,
            city: r.city_key,
            city_name: r.city_name,
            price: r.rent_minor === null ? null : r.rent_minor / 10 ** currencyExponent(r.currency),
            currency: r.currency,
            is_negotiable: r.is_negotiable || r.rent_minor === null,
            description: r.description,
            photos: photos
              .filter((p) => p.listing_id === r.id)
              .map((p) => ({ url: photoUrl(p.file_id), thumb_url: photoUrl(p.thumb_file_id) })),
            status: r.status,
            status_reason: r.status_reason,
            is_boosted: boostUntil !== null && boostUntil.getTime() > now,
            boost_expires: boostUntil ? boostUntil.toISOString() : null,
            favorite_count: r.favorite_count,
            created_at: new Date(r.created_at).toISOString(),
            updated_at: new Date(r.updated_at).toISOString(),
            can_edit: r.status !== 'removed',
            can_boost: r.status === 'active',
            can_remove: r.status !== 'removed',
            expires_at:
              r.status === 'active' && r.activated_at
                ? new Date(new Date(r.activated_at).getTime() + LISTING_ACTIVE_DAYS * DAY_MS).toISOString()
                : null,
            can_renew: r.status === 'expired' || r.status === 'rented',
            ...(analytics && {
              analytics: analytics.get(r.id) ?? {
                views_total: 0,
                views_7d: 0,
                views_14d: Array.from({ length: 14 }, () => 0),
                favorites: r.favorite_count,
                contact_reveals: 0,
              },
            }),
          }
        }),
        pagination: paginationOf(query.page, query.per_page, total),
      }
    },

    /** PUT /users/listings/{id}/status: only the owner's transitions, OWNER_TRANSITIONS (409 for others; docs/decisions/014-listing-statuses-and-moderation.md). */
    async setStatus(viewer: Viewer, id: number, status: string): Promise<Listing> {
      const { slug } = await db.transaction(async (tx) => {
        const current = await writable(tx, id, viewer)
        if (!(OWNER_TRANSITIONS[current.status] ?? []).includes(status)) {
          throw new AppError('CONFLICT', `A ${current.status} listing cannot become ${status}`, {
            reason: 'transition_not_allowed',
            from: current.status,
            to: status,
          })
        }
        await ownerListingsRepo(tx).setOwnStatus(id, status)
        return current
      })
      options.onChanged({ id, slug })
      return view(id, viewer, DEFAULT_LOCALE)
    },

    /** POST /listings/{id}/duplicate: a pending copy for the same owner (the owner or an admin asks; 404 for others and for removed listings). */
    async duplicate(viewer: Viewer, id: number, language: string): Promise<Listing> {
      const copy = await db.transaction(async (tx) => {
        await writable(tx, id, viewer, false)
        return ownerListingsRepo(tx).duplicate(id, randomBytes(4).toString('hex'))
      })
      return view(copy, viewer, language)
    },
  }
}
export type OwnerListingsService = ReturnType<typeof ownerListingsService>
