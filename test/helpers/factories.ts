import { randomUUID } from 'node:crypto'
import type { Queryable } from '../../server/api/db/client.ts'
import { normalizeSearchText } from '../../shared/text.ts'
import { currencyExponent } from '../../shared/money.ts'

type Names = Record<'fa' | 'en' | 'tr' | 'es' | 'de' | 'it', string>

const uid = () => randomUUID().slice(0, 8)

export async function makeUser(db: Queryable, fields: { first_name?: string; username?: string | null } = {}) {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO users (first_name, username, auth_method, referral_code) VALUES ($1, $2, 'seed', $3) RETURNING id`,
    [fields.first_name ?? 'Sara', fields.username ?? null, `R${uid()}`],
  )
  return row!
}

export async function makeCountry(db: Queryable, code = 'DE', names: Partial<Names> = {}, currency = 'EUR') {
  const all: Names = {
    fa: 'آلمان',
    en: 'Germany',
    tr: 'Almanya',
    es: 'Alemania',
    de: 'Deutschland',
    it: 'Germania',
    ...names,
  }
  await db.query(
    `INSERT INTO countries (code, flag, currency, names) VALUES ($1, '🏳', $2, $3) ON CONFLICT (code) DO NOTHING`,
    [code, currency, JSON.stringify(all)],
  )
  return { code, names: all }
}

export async function makeCity(
  db: Queryable,
  countryCode: string,
  key: string,
  names: Partial<Names> = {},
  isPopular = true,
  centre: { lat: number; lng: number } | null = null,
) {
  const all: Names = { fa: key, en: key, tr: key, es: key, de: key, it: key, ...names }
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO cities (country_code, key, names, search_text, is_popular, centre_lat, centre_lng)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      countryCode,
      key,
      JSON.stringify(all),
      Object.values(all).map(normalizeSearchText).join('|'),
      isPopular,
      centre?.lat ?? null,
      centre?.lng ?? null,
    ],
  )
  return { id: row!.id, key }
}

export interface ListingFields {
  ownerId: number
  cityId: number
  countryCode: string
  type?: 'apartment' | 'private_room' | 'shared_room'
  rent?: number | null
  currency?: string
  eurPerUnit?: number
  status?: string
  term?: 'short' | 'long'
  genderPref?: 'male' | 'female' | 'any'
  hasContract?: boolean
  startDate?: string | null
  boostUntil?: Date | null
  createdAt?: Date
  description?: string
  slug?: string
  /** The owner's contact (none by default). */
  contact?: string | null
  /** The point the public sees (the pin is set a little away from it); none by default. */
  publicPoint?: { lat: number; lng: number }
}

export async function makeListing(db: Queryable, f: ListingFields) {
  const rent = f.rent === undefined ? 800 : f.rent
  const eurCents = rent === null ? null : Math.round(rent * (f.eurPerUnit ?? 1) * 100)
  const [row] = await db.query<{ id: number; slug: string }>(
    `INSERT INTO listings (slug, owner_id, type, country_code, city_id, rent_minor, currency, rent_eur_cents, is_negotiable,
        gender_pref, description, term, start_date, has_contract, status, boost_until, created_at, updated_at, activated_at, contact,
        public_lat, public_lng, exact_lat, exact_lng)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17, $17, $18,
             $19::float8, $20::float8, $19::float8 + 0.001, $20::float8 - 0.001)
     RETURNING id, slug`,
    [
      f.slug ?? `listing-${uid()}`,
      f.ownerId,
      f.type ?? 'apartment',
      f.countryCode,
      f.cityId,
      rent === null ? null : Math.round(rent * 10 ** currencyExponent(f.currency ?? 'EUR')),
      f.currency ?? 'EUR',
      eurCents,
      rent === null,
      f.genderPref ?? 'any',
      f.description ?? 'A bright flat near the station.',
      f.term ?? 'long',
      f.startDate ?? null,
      f.hasContract ?? false,
      f.status ?? 'active',
      f.boostUntil ?? null,
      f.createdAt ?? new Date(),
      f.contact ?? null,
      f.publicPoint?.lat ?? null,
      f.publicPoint?.lng ?? null,
    ],
  )
  return row!
}
