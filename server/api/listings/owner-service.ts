import { randomBytes } from 'node:crypto'
import { currencyExponent, EUR_PER_UNIT } from '../../../shared/money.ts'
import type { Listing } from '../../../shared/schemas/listing.ts'
import type { ListingWrite } from '../../../shared/schemas/listing-write.ts'
import { slugify } from '../../../shared/text.ts'
import { AppError, type FieldIssue } from '../../lib/errors.ts'
import type { Db, Queryable } from '../db/client.ts'
import type { LocationsService } from '../locations/service.ts'
import type { UploadRow } from '../uploads/repo.ts'
import { ownerListingsRepo, type ListingWriteRow } from './owner-repo.ts'
import type { ListingsService } from './service.ts'

export interface Viewer {
  userId: number
  role: 'user' | 'admin'
}

const invalid = (issues: FieldIssue[]) => new AppError('VALIDATION_ERROR', 'The request is not valid', issues)
const notFound = () => new AppError('NOT_FOUND', 'Listing not found')

/** The owner's side of listings (issue 4, DESIGN §6): create, edit (back to moderation), remove. */
export function ownerListingsService(db: Db, options: { listings: ListingsService; locations: LocationsService; onChanged: () => void }) {
  /** The stored form of a write; the city must be one of the country's, the photos the user's own uploads. */
  async function toRow(userId: number, body: ListingWrite): Promise<{ row: ListingWriteRow; photos: UploadRow[] }> {
    const issues: FieldIssue[] = []
    const currency = await options.locations.currencyOf(body.country)
    if (!currency) issues.push({ path: 'country', code: 'unknown_country', message: 'is not a country we list' })
    const cityId = currency ? await options.locations.cityIn(body.country, body.city) : null
    if (currency && cityId === null) issues.push({ path: 'city', code: 'unknown_city', message: 'is not a city of this country' })
    const uploads = await ownerListingsRepo(db).ownUploads(userId, body.photos)
    body.photos.forEach((id, i) => {
      if (!uploads.has(id)) issues.push({ path: `photos.${i}`, code: 'unknown_photo', message: 'is not one of your uploads' })
    })
    if (new Set(body.photos).size !== body.photos.length) issues.push({ path: 'photos', code: 'duplicate', message: 'lists a photo twice' })
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
    }
  }

  async function view(id: number, viewer: Viewer, language: string): Promise<Listing> {
    const listing = await options.listings.getOwned(String(id), language, viewer)
    if (!listing) throw notFound()
    return listing
  }

  /** Locks the listing and checks the viewer may write it: anyone else gets the answer a missing listing gets. */
  async function writable(tx: Queryable, id: number, viewer: Viewer, lock = true) {
    const current = await ownerListingsRepo(tx).ownerOf(id, lock)
    if (!current || (current.owner_id !== viewer.userId && viewer.role !== 'admin') || current.status === 'removed') throw notFound()
    return current
  }

  return {
    /** POST /listings: a new listing waits for moderation (pending), invisible to the public. */
    async create(viewer: Viewer, body: ListingWrite, language: string): Promise<Listing> {
      const { row, photos } = await toRow(viewer.userId, body)
      const slug = `${slugify(`${row.type.replace('_', '-')} ${body.city}`)}-${randomBytes(4).toString('hex')}`
      const id = await db.transaction(async (tx) => {
        const repo = ownerListingsRepo(tx)
        const created = await repo.insert(viewer.userId, slug, row)
        await repo.replacePhotos(created, photos)
        return created
      })
      return view(id, viewer, language)
    },

    /** PUT /listings/{id}: the owner's fields replaced; the listing goes back to moderation. */
    async update(viewer: Viewer, id: number, body: ListingWrite, language: string): Promise<Listing> {
      // ownership before the body: someone else's listing answers 404 whatever they send
      await writable(db, id, viewer, false)
      const { row, photos } = await toRow(viewer.userId, body)
      await db.transaction(async (tx) => {
        await writable(tx, id, viewer)
        const repo = ownerListingsRepo(tx)
        await repo.update(id, row)
        await repo.replacePhotos(id, photos)
      })
      options.onChanged()
      return view(id, viewer, language)
    },

    /** DELETE /listings/{id}: removed (soft, DESIGN §6); gone from search at once. */
    async remove(viewer: Viewer, id: number): Promise<{ removed: true }> {
      await db.transaction(async (tx) => {
        await writable(tx, id, viewer)
        await ownerListingsRepo(tx).markRemoved(id)
      })
      options.onChanged()
      return { removed: true }
    },

    view,
  }
}
export type OwnerListingsService = ReturnType<typeof ownerListingsService>
