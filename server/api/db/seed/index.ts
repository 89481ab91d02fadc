import type { LocaleCode } from '../../../../shared/locales.ts'
import { EUR_PER_UNIT, currencyExponent } from '../../../../shared/money.ts'
import { normalizeSearchText, slugify } from '../../../../shared/text.ts'
import type { PhotoStore } from '../../../integrations/photos/photo-store.ts'
import type { Db, Queryable } from '../client.ts'
import { exactPoint, publicPoint } from '../../../lib/public-point.ts'
import { loadLocationKey } from '../service-keys.ts'
import { describeListing, SEED_FIRST_NAMES, type DescriptionInput, type SeedPropertyType } from './descriptions.ts'
import { makeSeedPhotos, type SeedPhoto } from './photos.ts'
import { SEED_COUNTRIES, type SeedCity, type SeedCountry } from './places.ts'

export interface SeedOptions {
  listings?: number
  /** Distinct drawn photos shared among the listings. */
  photoPool?: number
  seed?: number
  log?: (message: string) => void
  /** A problem the seed survives (a failing photo store); `log` unless set. */
  warn?: (message: string) => void
}

export interface SeedResult {
  /** already_seeded: an earlier seed completed; photo_store_failed: nothing written, the next start tries again. */
  outcome: 'seeded' | 'already_seeded' | 'photo_store_failed'
  /** Listings written by this run. */
  listings: number
}

/** A small deterministic PRNG (mulberry32), so every fresh database gets the same marketplace. */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const pick = <T>(items: readonly T[], rand: () => number): T => items[Math.floor(rand() * items.length)]!
const between = (min: number, max: number, rand: () => number) => min + rand() * (max - min)

/** The language an ad in this country is written in: mostly Persian, else English or the local language. */
const LOCAL_LANGUAGE: Record<string, LocaleCode> = { DE: 'de', AT: 'de', TR: 'tr', ES: 'es', IT: 'it' }
function adLanguage(country: string, rand: () => number): LocaleCode {
  if (country === 'IR') return 'fa'
  const r = rand()
  if (r < 0.5) return 'fa'
  const local = LOCAL_LANGUAGE[country]
  if (local && r < 0.78) return local
  return 'en'
}

const FEATURES: DescriptionInput['features'] = [
  'balcony',
  'elevator',
  'washing_machine',
  'near_metro',
  'near_university',
  'internet',
  'parking',
  'garden',
  'pets_ok',
  'quiet',
]

/** Pins lie this far from their city's centre at most (uniform over the disc, outside its sea sector). */
const PIN_SPREAD_M = 3_000

/** A plausible pin in the city: within PIN_SPREAD_M of its centre, on land as far as its `sea` sector says. */
function seedPin(city: SeedCity, rand: () => number): { lat: number; lng: number } {
  const [from, to] = city.sea ?? [0, 0]
  const land = (((from - to) % 360) + 360) % 360 || 360
  // a bearing in the land sector: from `to` round to `from`
  const bearing = (((to + rand() * land) % 360) * Math.PI) / 180
  const distance = PIN_SPREAD_M * Math.sqrt(0.02 + 0.98 * rand())
  const lat = city.centre.lat + ((distance * Math.cos(bearing)) / 6_371_008.8) * (180 / Math.PI)
  const lng =
    city.centre.lng +
    ((distance * Math.sin(bearing)) / (6_371_008.8 * Math.cos((city.centre.lat * Math.PI) / 180))) * (180 / Math.PI)
  return exactPoint({ lat, lng })
}

function roundRent(value: number, currency: string): number {
  const step =
    currency === 'IRR' ? 1_000_000 : currency === 'TRY' || currency === 'SEK' || currency === 'NOK' ? 500 : 10
  return Math.max(step, Math.round(value / step) * step)
}

/**
 * True until a demo seed has completed: on a fresh database, and on one holding what a seed cut
 * short left behind (places, owners), since the completion marker is written in the seed's own transaction.
 */
export async function isEmpty(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ seeded: boolean }>('SELECT EXISTS (SELECT 1 FROM demo_seed) AS seeded')
  return !row?.seeded
}

/**
 * Seeds the demo marketplace (docs/decisions/011-atomic-demo-seed.md): places in six languages, owners, photos and
 * listings, unless a seed has completed. The photos are stored first, then every row is written in
 * one transaction with the completion marker, so a seed that is interrupted or fails leaves nothing
 * and the next run starts afresh. A failing photo store writes nothing either: one warning, no throw.
 */
export async function seedDemo(db: Db, photos: PhotoStore, options: SeedOptions = {}): Promise<SeedResult> {
  const total = options.listings ?? 360
  const log = options.log ?? (() => {})
  const warn = options.warn ?? log
  if (!(await isEmpty(db))) return { outcome: 'already_seeded', listings: 0 }

  let pool: SeedPhoto[]
  try {
    pool = await makeSeedPhotos(photos, options.photoPool ?? 24)
  } catch (err) {
    warn(
      `seed: skipped, the ${photos.kind} photo store failed (${err instanceof Error ? err.message : String(err)}); the next start tries again`,
    )
    return { outcome: 'photo_store_failed', listings: 0 }
  }
  log(`seed: ${pool.length} photos drawn`)

  const written = await db.transaction(async (tx) => {
    // several instances starting at once: the later ones wait here, then find the marker
    await tx.exec('LOCK TABLE demo_seed IN SHARE ROW EXCLUSIVE MODE')
    if (!(await isEmpty(tx))) return false
    // owners a seed cut short left behind, from before the marker existed (their listings go with them)
    await tx.query(`DELETE FROM users WHERE auth_method = 'seed' AND referral_code LIKE 'SEED%'`)
    const rand = prng(options.seed ?? 20261122)
    const cityIds = await insertPlaces(tx)
    log(`seed: ${cityIds.size} cities in ${SEED_COUNTRIES.length} countries`)
    const ownerIds = await insertOwners(tx, rand)
    // the pins draw from their own sequence, so the rest of the marketplace is the one it was before them
    const spot = prng((options.seed ?? 20261122) ^ 0x51ed)
    const locationKey = await loadLocationKey(tx)
    await insertListings(tx, { total, rand, spot, locationKey, cityIds, ownerIds, pool, log })
    await tx.query('INSERT INTO demo_seed (listings) VALUES ($1)', [total])
    return true
  })
  if (!written) return { outcome: 'already_seeded', listings: 0 }
  // planner statistics and the visibility map, so counts can be answered from the indexes alone
  await db.exec('VACUUM ANALYZE')
  log(`seed: ${total} listings`)
  return { outcome: 'seeded', listings: total }
}

/** Countries and their cities (kept if already there); the city ids by `country:key`. */
async function insertPlaces(tx: Queryable): Promise<Map<string, number>> {
  const cityIds = new Map<string, number>()
  for (const [position, country] of SEED_COUNTRIES.entries()) {
    await tx.query(
      `INSERT INTO countries (code, flag, currency, supported_terms, names, position) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (code) DO NOTHING`,
      [country.code, country.flag, country.currency, country.supportedTerms, JSON.stringify(country.names), position],
    )
    for (const city of country.cities) {
      const searchText = [...new Set(Object.values(city.names).map(normalizeSearchText))].join('|')
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO cities (country_code, key, names, search_text, is_popular, centre_lat, centre_lng)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (country_code, key) DO UPDATE SET names = EXCLUDED.names,
           centre_lat = EXCLUDED.centre_lat, centre_lng = EXCLUDED.centre_lng RETURNING id`,
        [
          country.code,
          city.key,
          JSON.stringify(city.names),
          searchText,
          city.popular,
          city.centre.lat,
          city.centre.lng,
        ],
      )
      cityIds.set(`${country.code}:${city.key}`, row!.id)
    }
  }
  return cityIds
}

async function insertOwners(tx: Queryable, rand: () => number): Promise<number[]> {
  const ownerIds: number[] = []
  for (const [index, name] of SEED_FIRST_NAMES.entries()) {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO users (first_name, username, auth_method, language, referral_code) VALUES ($1, $2, 'seed', 'fa', $3) RETURNING id`,
      [name, `${slugify(name)}${100 + index}`, `SEED${String(index).padStart(4, '0')}${Math.floor(rand() * 1e6)}`],
    )
    ownerIds.push(row!.id)
  }
  return ownerIds
}

interface ListingsPlan {
  total: number
  rand: () => number
  /** Draws the pins. */
  spot: () => number
  /** Derives their public points (docs/decisions/046-listing-location-privacy-and-area-search.md). */
  locationKey: string
  cityIds: Map<string, number>
  ownerIds: number[]
  pool: SeedPhoto[]
  log: (message: string) => void
}

/** The listings and their photos, in batches of one statement each. */
async function insertListings(
  tx: Queryable,
  { total, rand, spot, locationKey, cityIds, ownerIds, pool, log }: ListingsPlan,
): Promise<void> {
  const weighted: Array<{ country: SeedCountry; city: SeedCity }> = []
  for (const country of SEED_COUNTRIES)
    for (const city of country.cities) for (let w = 0; w < city.weight; w++) weighted.push({ country, city })

  const now = Date.now()
  const day = 86_400_000
  const batchSize = 1000
  for (let start = 0; start < total; start += batchSize) {
    const cols = {
      slug: [] as string[],
      owner: [] as number[],
      type: [] as string[],
      country: [] as string[],
      city: [] as number[],
      rent: [] as (number | null)[],
      currency: [] as string[],
      eur: [] as (number | null)[],
      negotiable: [] as boolean[],
      gender: [] as string[],
      description: [] as string[],
      language: [] as string[],
      term: [] as string[],
      startDate: [] as (string | null)[],
      contract: [] as boolean[],
      size: [] as number[],
      rooms: [] as number[],
      furnished: [] as boolean[],
      contact: [] as string[],
      status: [] as string[],
      boost: [] as (string | null)[],
      favorites: [] as number[],
      created: [] as string[],
      exactLat: [] as number[],
      exactLng: [] as number[],
      publicLat: [] as number[],
      publicLng: [] as number[],
    }
    const count = Math.min(batchSize, total - start)
    for (let i = 0; i < count; i++) {
      const { country, city } = pick(weighted, rand)
      const r = rand()
      const type: SeedPropertyType = r < 0.45 ? 'apartment' : r < 0.8 ? 'private_room' : 'shared_room'
      const [lo, hi] = type === 'apartment' ? city.rent.apartment : city.rent.room
      const base = between(lo, hi, rand) * (type === 'shared_room' ? 0.65 : 1)
      const negotiable = rand() < 0.08
      const rent = negotiable ? null : roundRent(base, country.currency)
      const rooms = type === 'apartment' ? 1 + Math.floor(rand() * 4) : 2 + Math.floor(rand() * 3)
      const size = type === 'apartment' ? 28 + rooms * 18 + Math.floor(rand() * 20) : 10 + Math.floor(rand() * 14)
      const term =
        !country.supportedTerms.includes('long') || (country.supportedTerms.includes('short') && rand() < 0.25)
          ? 'short'
          : 'long'
      const gender = rand() < 0.7 ? 'any' : rand() < 0.5 ? 'female' : 'male'
      const contract = rand() < 0.55
      const furnished = type !== 'apartment' || rand() < 0.5
      const language = adLanguage(country.code, rand)
      const features = FEATURES.filter(() => rand() < 0.25)
      const description = describeListing(
        {
          language,
          type,
          cityName: city.names[language],
          sizeM2: size,
          rooms,
          term,
          furnished,
          hasContract: contract,
          genderPref: gender,
          features,
        },
        rand,
      )
      const created = now - Math.floor(rand() * 45 * day) - Math.floor(rand() * day)
      const s = rand()
      const status = s < 0.05 ? 'pending' : s < 0.08 ? 'rented' : 'active'
      const boosted = status === 'active' && rand() < 0.06
      cols.slug.push(
        `${slugify(`${type.replace('_', '-')} ${city.key}`)}-${(start + i + 1).toString(36)}${Math.floor(rand() * 1296).toString(36)}`,
      )
      cols.owner.push(pick(ownerIds, rand))
      cols.type.push(type)
      cols.country.push(country.code)
      cols.city.push(cityIds.get(`${country.code}:${city.key}`)!)
      cols.rent.push(rent === null ? null : rent * 10 ** currencyExponent(country.currency))
      cols.currency.push(country.currency)
      cols.eur.push(rent === null ? null : Math.round(rent * (EUR_PER_UNIT[country.currency] ?? 1) * 100))
      cols.negotiable.push(negotiable)
      cols.gender.push(gender)
      cols.description.push(description)
      cols.language.push(language)
      cols.term.push(term)
      cols.startDate.push(
        rand() < 0.3 ? null : new Date(now + Math.floor(rand() * 75 * day)).toISOString().slice(0, 10),
      )
      cols.contract.push(contract)
      cols.size.push(size)
      cols.rooms.push(rooms)
      cols.furnished.push(furnished)
      cols.contact.push(`+${Math.floor(1e10 + rand() * 9e10)}`)
      cols.status.push(status)
      cols.boost.push(boosted ? new Date(now + Math.floor(between(0.2, 7, rand) * day)).toISOString() : null)
      cols.favorites.push(Math.floor(rand() * rand() * 40))
      cols.created.push(new Date(created).toISOString())
      const pin = seedPin(city, spot)
      const shown = publicPoint(locationKey, pin)
      cols.exactLat.push(pin.lat)
      cols.exactLng.push(pin.lng)
      cols.publicLat.push(shown.lat)
      cols.publicLng.push(shown.lng)
    }
    const ids = await tx.query<{ id: number }>(
      `INSERT INTO listings (slug, owner_id, type, country_code, city_id, rent_minor, currency, rent_eur_cents, is_negotiable,
         gender_pref, description, original_language, term, start_date, has_contract, size_m2, rooms, furnished, contact,
         status, boost_until, favorite_count, created_at, updated_at, activated_at, exact_lat, exact_lng, public_lat, public_lng)
       SELECT s.slug, s.owner, s.type, s.country, s.city, s.rent, s.currency, s.eur, s.negotiable, s.gender, s.description,
              s.language, s.term, s.start_date, s.contract, s.size, s.rooms, s.furnished, s.contact, s.status, s.boost,
              s.favorites, s.created, s.created, CASE WHEN s.status = 'active' THEN s.created END,
              s.exact_lat, s.exact_lng, s.public_lat, s.public_lng
         FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::int[], $6::bigint[], $7::text[], $8::bigint[], $9::bool[],
                     $10::text[], $11::text[], $12::text[], $13::text[], $14::date[], $15::bool[], $16::int[], $17::int[], $18::bool[],
                     $19::text[], $20::text[], $21::timestamptz[], $22::int[], $23::timestamptz[],
                     $24::float8[], $25::float8[], $26::float8[], $27::float8[])
           AS s(slug, owner, type, country, city, rent, currency, eur, negotiable, gender, description, language, term,
                start_date, contract, size, rooms, furnished, contact, status, boost, favorites, created,
                exact_lat, exact_lng, public_lat, public_lng)
       RETURNING id`,
      [
        cols.slug,
        cols.owner,
        cols.type,
        cols.country,
        cols.city,
        cols.rent,
        cols.currency,
        cols.eur,
        cols.negotiable,
        cols.gender,
        cols.description,
        cols.language,
        cols.term,
        cols.startDate,
        cols.contract,
        cols.size,
        cols.rooms,
        cols.furnished,
        cols.contact,
        cols.status,
        cols.boost,
        cols.favorites,
        cols.created,
        cols.exactLat,
        cols.exactLng,
        cols.publicLat,
        cols.publicLng,
      ],
    )
    const photoListing: number[] = []
    const photoPosition: number[] = []
    const photoFile: string[] = []
    const photoThumb: string[] = []
    for (const { id } of ids) {
      const n = 2 + Math.floor(rand() * 4)
      const first = Math.floor(rand() * pool.length)
      for (let p = 0; p < n; p++) {
        const photo = pool[(first + p * 7) % pool.length]!
        photoListing.push(id)
        photoPosition.push(p)
        photoFile.push(photo.fileId)
        photoThumb.push(photo.thumbFileId)
      }
    }
    await tx.query(
      `INSERT INTO photos (listing_id, position, file_id, thumb_file_id, width, height)
       SELECT l, p, f, t, 1200, 900 FROM unnest($1::int[], $2::int[], $3::text[], $4::text[]) AS s(l, p, f, t)`,
      [photoListing, photoPosition, photoFile, photoThumb],
    )
    if (total > batchSize) log(`seed: ${start + count} / ${total} listings`)
  }
}
