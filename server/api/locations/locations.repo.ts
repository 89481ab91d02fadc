import type { Term } from '../../../shared/constants.ts'
import type { LocaleCode } from '../../../shared/locales.ts'
import type { Queryable } from '../db/client.ts'

export interface CountryRow {
  code: string
  flag: string
  currency: string
  supported_terms: Term[]
  names: Record<LocaleCode, string>
  position: number
}

export interface CityRow {
  id: number
  country_code: string
  key: string
  names: Record<LocaleCode, string>
  search_text: string
  is_popular: boolean
  /** Null for a city written without one (none of the listed cities: migration 0032 and the seed give theirs). */
  centre_lat: number | null
  centre_lng: number | null
}

export function locationsRepo(db: Queryable) {
  return {
    countries: () =>
      db.query<CountryRow>(
        'SELECT code, flag, currency, supported_terms, names, position FROM countries ORDER BY position, code',
      ),
    cities: () =>
      db.query<CityRow>(
        `SELECT id, country_code, key, names, search_text, is_popular, centre_lat, centre_lng FROM cities ORDER BY id`,
      ),
    /** Active listings per city (one grouped scan; cached by the service). */
    activeCounts: () =>
      db.query<{ city_id: number; n: number }>(
        `SELECT city_id, count(*)::int AS n FROM listings WHERE status = 'active' GROUP BY city_id`,
      ),
  }
}
