import { GENDER_PREFS, TERMS, type GenderPref, type PropertyType, type Term } from '../../../shared/constants.ts'
import { DEFAULT_LOCALE, isLocaleCode, type LocaleCode } from '../../../shared/locales.ts'
import { ListingWriteBody } from '../../../shared/schemas/listing-write.ts'
import type { Listing } from '../../lib/api/listings.ts'
import type { ListingWriteInput } from '../../lib/api/own-listings.ts'
import type { ListingPhoto } from '../../lib/api/uploads.ts'
import type { PhotoChoice } from './photo-uploader.tsx'

/** What the listing form holds: text as typed, so a half-written number survives a reload. */
export interface ListingFormValues {
  type: PropertyType | ''
  country: string
  city: string
  cityLabel: string
  rent: string
  currency: string
  isNegotiable: boolean
  genderPref: GenderPref
  description: string
  originalLanguage: LocaleCode
  term: Term
  startDate: string
  hasContract: boolean
  furnished: boolean
  sizeM2: string
  rooms: string
  contact: string
  verificationNumber: string
  photos: PhotoChoice[]
  /** The pin, as typed or as the map put it; both empty: no pin (docs/decisions/047-the-listing-form-pin.md). */
  lat: string
  lng: string
}

/** What the form's checks and its write body read: the photos by their ids alone. */
export type SentValues = Omit<ListingFormValues, 'photos'> & { photos: Array<Pick<PhotoChoice, 'fileId'>> }

export type ListingField =
  | 'type'
  | 'country'
  | 'city'
  | 'rent'
  | 'currency'
  | 'description'
  | 'term'
  | 'start_date'
  | 'size_m2'
  | 'rooms'
  | 'contact'
  | 'verification_number'
  | 'photos'
  | 'location'

export function emptyValues(language: LocaleCode): ListingFormValues {
  return {
    type: '',
    country: '',
    city: '',
    cityLabel: '',
    rent: '',
    currency: 'EUR',
    isNegotiable: false,
    genderPref: 'any',
    description: '',
    originalLanguage: language,
    term: 'long',
    startDate: '',
    hasContract: false,
    furnished: false,
    sizeM2: '',
    rooms: '',
    contact: '',
    verificationNumber: '',
    photos: [],
    lat: '',
    lng: '',
  }
}

/** The form of a stored listing, as its owner sees it. */
export function valuesOf(
  listing: Listing,
  photos: ListingPhoto[],
  verificationNumber: string | null | undefined,
): ListingFormValues {
  return {
    type: listing.type,
    country: listing.country,
    city: listing.city,
    cityLabel: listing.cityName,
    rent: listing.rent === null ? '' : String(listing.rent),
    currency: listing.currency,
    isNegotiable: listing.isNegotiable,
    genderPref: listing.genderPref,
    description: listing.originalDescription ?? listing.description,
    originalLanguage: listing.originalLanguage as LocaleCode,
    term: listing.term,
    startDate: listing.startDate ?? '',
    hasContract: listing.hasContract,
    furnished: listing.furnished,
    sizeM2: listing.sizeM2 === null ? '' : String(listing.sizeM2),
    rooms: listing.rooms === null ? '' : String(listing.rooms),
    contact: listing.contact ?? '',
    verificationNumber: verificationNumber ?? '',
    photos: photos.map((p) => ({ fileId: p.fileId, url: p.url, thumbUrl: p.thumbUrl })),
    // the owner's own view carries the exact point (the public one never does)
    lat: listing.exactLocation ? String(listing.exactLocation.lat) : '',
    lng: listing.exactLocation ? String(listing.exactLocation.lng) : '',
  }
}

/** Persian and Arabic-Indic digits typed on a phone keyboard count as digits. */
const latinDigits = (text: string) =>
  text
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
/** A number typed in any of those digits (thousands separators allowed, the Arabic decimal sign too), or null when the field is empty; NaN when it is no number. */
export const numberOrNull = (text: string) =>
  text.trim() === ''
    ? null
    : Number(
        latinDigits(text.trim())
          .replace(/[,٬\s]/g, '')
          .replace('٫', '.'),
      )

/** Six decimals, about 0.1 m: what the API stores of a pin. */
export const pinText = (degrees: number) => String(Math.round(degrees * 1e6) / 1e6)

/**
 * The pin a form sends: both fields empty is no pin (null: an edit removes the stored one); a
 * number that is none stays NaN, for the schema to refuse.
 */
function locationOf(values: SentValues): ListingWriteInput['location'] {
  const lat = numberOrNull(values.lat)
  const lng = numberOrNull(values.lng)
  if (lat === null && lng === null) return null
  return { lat: lat ?? Number.NaN, lng: lng ?? Number.NaN }
}

/**
 * The write body of a listing: negotiable means no rent; the currency only when it is not EUR;
 * no verification number when it is empty; the pin, or null for none.
 */
export function toBody(values: SentValues): ListingWriteInput {
  const rent = values.isNegotiable ? null : numberOrNull(values.rent)
  const body: ListingWriteInput = {
    type: values.type as PropertyType,
    country: values.country,
    city: values.city,
    rent,
    is_negotiable: values.isNegotiable,
    gender_pref: values.genderPref,
    description: values.description,
    original_language: values.originalLanguage,
    photos: values.photos.map((p) => p.fileId),
    term: values.term,
    start_date: values.startDate || null,
    has_contract: values.hasContract,
    size_m2: numberOrNull(values.sizeM2),
    rooms: numberOrNull(values.rooms),
    furnished: values.furnished,
    contact: values.contact,
    location: locationOf(values),
  }
  if (values.currency !== 'EUR') body.currency = values.currency
  if (values.verificationNumber.trim()) body.verification_number = values.verificationNumber.trim()
  return body
}

const FIELDS = new Set<string>([
  'type',
  'country',
  'city',
  'rent',
  'currency',
  'description',
  'term',
  'start_date',
  'size_m2',
  'rooms',
  'contact',
  'verification_number',
  'photos',
  'location',
])

/** The fields a path of a server or client issue points at ("photos.2" and the API's "body.photos.2" are the photos field). */
export function fieldOf(path: string): ListingField | null {
  const head = path.replace(/^body\./, '').split('.')[0] ?? ''
  return FIELDS.has(head) ? (head as ListingField) : null
}

/** The same rules the server applies (one schema for both), plus the form's own: a rent unless negotiable. */
export function validate(values: SentValues): Set<ListingField> {
  const invalid = new Set<ListingField>()
  const parsed = ListingWriteBody.safeParse(toBody(values))
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path.map(String).join('.'))
      if (field) invalid.add(field)
    }
  }
  const rent = numberOrNull(values.rent)
  if (!values.isNegotiable && (rent === null || !Number.isFinite(rent) || rent <= 0)) invalid.add('rent')
  if (!values.city) invalid.add('city')
  return invalid
}

const pick = <T extends string>(allowed: readonly T[], value: string, otherwise: T): T =>
  (allowed as readonly string[]).includes(value) ? (value as T) : otherwise

/**
 * The values of a sent form, by the names its fields carry (listing-form.tsx): text as typed, a
 * checkbox on when it is sent, the photos' ids in their order. The checks come after (`validate`).
 */
export function sentValues(form: FormData): SentValues {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const language = text('original_language')
  return {
    type: text('type') as SentValues['type'],
    country: text('country'),
    city: text('city'),
    cityLabel: text('city_name'),
    rent: text('rent'),
    currency: text('currency') || 'EUR',
    isNegotiable: form.has('is_negotiable'),
    genderPref: pick(GENDER_PREFS, text('gender_pref'), 'any'),
    description: text('description'),
    originalLanguage: isLocaleCode(language) ? language : DEFAULT_LOCALE,
    term: pick(TERMS, text('term'), 'long'),
    startDate: text('start_date'),
    hasContract: form.has('has_contract'),
    furnished: form.has('furnished'),
    sizeM2: text('size_m2'),
    rooms: text('rooms'),
    contact: text('contact'),
    verificationNumber: text('verification_number'),
    photos: form
      .getAll('photos')
      .filter((id): id is string => typeof id === 'string' && id !== '')
      .map((fileId) => ({ fileId })),
    lat: text('location_lat'),
    lng: text('location_lng'),
  }
}

const DRAFT_PREFIX = 'khaneh.listing-draft:'

/** What a draft keeps: everything but the contact details, which never rest in a shared browser's storage. */
export type ListingDraft = Omit<ListingFormValues, 'contact' | 'verificationNumber'>

/**
 * The draft of a form kept across reloads in this browser, per user and per listing (or 'new'),
 * so that the next person signing in on the same browser never sees it.
 */
export const drafts = {
  key: (userId: number, listingId: number | null) => `${DRAFT_PREFIX}${userId}:${listingId ?? 'new'}`,
  read(userId: number, listingId: number | null): ListingDraft | null {
    try {
      const text = window.localStorage.getItem(drafts.key(userId, listingId))
      return text ? (JSON.parse(text) as ListingDraft) : null
    } catch {
      return null
    }
  },
  write(userId: number, listingId: number | null, values: ListingFormValues) {
    const { contact: _contact, verificationNumber: _verification, ...draft } = values
    try {
      window.localStorage.setItem(drafts.key(userId, listingId), JSON.stringify(draft))
    } catch {
      // private mode or a full storage: the form still works, without a draft
    }
  },
  clear(userId: number, listingId: number | null) {
    try {
      window.localStorage.removeItem(drafts.key(userId, listingId))
    } catch {
      // nothing to clear
    }
  },
}
