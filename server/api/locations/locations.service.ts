import type { Term } from '../../../shared/constants.ts'
import type { LocaleCode } from '../../../shared/locales.ts'
import type { City, Country, Place, PlaceResolution } from '../../../shared/schemas/location.ts'
import { normalizeSearchText } from '../../../shared/text.ts'
import type { LatLng } from '../../../shared/geo.ts'
import { AppError } from '../../lib/errors.ts'
import { TtlCache } from '../../lib/ttl-cache.ts'
import type { Db } from '../db/client.ts'
import { locationsRepo, type CityRow, type CountryRow } from './locations.repo.ts'
import { resolvePlace, type PlaceMatch } from './resolve.ts'

interface Places {
  countries: CountryRow[]
  cities: CityRow[]
  counts: Map<number, number>
}

const centreOf = (city: CityRow): LatLng | null =>
  city.centre_lat === null || city.centre_lng === null ? null : { lat: city.centre_lat, lng: city.centre_lng }

/** Countries and cities are few and change rarely: they are read whole and kept in memory for a minute, then refreshed behind the last copy. */
export function locationsService(db: Db, cacheMs = 60_000) {
  const repo = locationsRepo(db)
  // one entry, of the size of the places tables (a few hundred rows), whatever anyone asks: no bound in bytes is needed
  const cache = new TtlCache<Places>({ ttlMs: cacheMs, maxEntries: 1, maxBytes: Infinity, weigh: () => 0 })

  let latest: Places | undefined
  const load = () =>
    cache.wrap('places', async () => {
      const [countries, cities, counts] = await Promise.all([repo.countries(), repo.cities(), repo.activeCounts()])
      latest = { countries, cities, counts: new Map(counts.map((c) => [c.city_id, c.n])) }
      return latest
    })
  // Once loaded, a read never waits: an expired copy answers while one refresh runs. Counting every
  // active listing by city takes a second at a million listings (docs/decisions/027-search-at-a-million.md).
  const places = async (): Promise<Places> => {
    if (!latest) return load()
    load().catch(() => {
      // the next read tries again; until then the last copy answers
    })
    return latest
  }

  function toCity(city: CityRow, p: Places, language: LocaleCode): City {
    const country = p.countries.find((c) => c.code === city.country_code)
    return {
      key: city.key,
      name: city.names[language] ?? city.names.en,
      english_name: city.names.en,
      country_code: city.country_code,
      country_name: country ? (country.names[language] ?? country.names.en) : city.country_code,
      listings_count: p.counts.get(city.id) ?? 0,
      is_popular: city.is_popular,
      centre: centreOf(city),
    }
  }

  function toCountry(country: CountryRow, p: Places, language: LocaleCode): Country {
    const cities = p.cities
      .filter((c) => c.country_code === country.code)
      .map((c) => toCity(c, p, language))
      .sort((a, b) => b.listings_count - a.listings_count)
    return {
      code: country.code,
      name: country.names[language] ?? country.names.en,
      english_name: country.names.en,
      flag: country.flag,
      currency: country.currency,
      supported_terms: country.supported_terms,
      popular_cities: cities
        .filter((c) => c.is_popular)
        .map((c) => ({
          key: c.key,
          name: c.name,
          listings_count: c.listings_count,
          is_popular: c.is_popular,
          centre: c.centre,
        })),
      total_listings: cities.reduce((sum, c) => sum + c.listings_count, 0),
    }
  }

  function toPlace(match: PlaceMatch, p: Places, language: LocaleCode): Place {
    if (match.kind === 'country') {
      const country = toCountry(match.country, p, language)
      return {
        kind: 'country',
        country_code: country.code,
        country_name: country.name,
        city_key: null,
        name: country.name,
        flag: country.flag,
        listings_count: country.total_listings,
      }
    }
    const city = toCity(match.city, p, language)
    return {
      kind: 'city',
      country_code: city.country_code,
      country_name: city.country_name,
      city_key: city.key,
      name: city.name,
      flag: p.countries.find((c) => c.code === city.country_code)?.flag ?? '',
      listings_count: city.listings_count,
    }
  }

  const supportsTerm = (country: CountryRow, term: Term | undefined) => !term || country.supported_terms.includes(term)

  return {
    async countries(language: LocaleCode, term?: Term): Promise<Country[]> {
      const p = await places()
      return p.countries.filter((c) => supportsTerm(c, term)).map((c) => toCountry(c, p, language))
    },

    async citiesOf(countryCode: string, language: LocaleCode): Promise<City[]> {
      const p = await places()
      const code = countryCode.toUpperCase()
      if (!p.countries.some((c) => c.code === code)) throw new AppError('NOT_FOUND', 'Country not found')
      return p.cities
        .filter((c) => c.country_code === code)
        .map((c) => toCity(c, p, language))
        .sort((a, b) => b.listings_count - a.listings_count)
    },

    /** City autocomplete over every language's name: case, diacritics, Arabic letter variants and digits folded. */
    async searchCities(q: string, limit: number, language: LocaleCode, countryCode?: string): Promise<City[]> {
      const p = await places()
      const needle = normalizeSearchText(q)
      if (!needle) return []
      const code = countryCode?.toUpperCase()
      const matches = p.cities
        .filter((c) => (!code || c.country_code === code) && c.search_text.includes(needle))
        .map((c) => ({
          city: toCity(c, p, language),
          prefix: c.search_text.split('|').some((name) => name.startsWith(needle)),
        }))
      matches.sort((a, b) => Number(b.prefix) - Number(a.prefix) || b.city.listings_count - a.city.listings_count)
      return matches.slice(0, limit).map((m) => m.city)
    },

    /** The city or country a typed name means (in any language, folded as the city search folds), within a chosen country's cities. */
    async resolve(q: string, language: LocaleCode, countryCode?: string): Promise<PlaceResolution> {
      const p = await places()
      const { status, matches } = resolvePlace(p, q, countryCode)
      return { status, places: matches.map((m) => toPlace(m, p, language)) }
    },

    /** Countries offering a term, each with all its cities. */
    async supported(language: LocaleCode, term?: Term) {
      const p = await places()
      return p.countries
        .filter((c) => supportsTerm(c, term))
        .map((c) => ({
          ...toCountry(c, p, language),
          cities: p.cities.filter((city) => city.country_code === c.code).map((city) => toCity(city, p, language)),
        }))
    },

    async cityIdsByKey(key: string): Promise<number[]> {
      return (await places()).cities.filter((c) => c.key === key).map((c) => c.id)
    },

    /** The id of the city with this key in this country, or null. */
    async cityIn(countryCode: string, key: string): Promise<number | null> {
      return (await places()).cities.find((c) => c.key === key && c.country_code === countryCode)?.id ?? null
    },

    /** The centre of the city with this id, or null (an unknown city, or one without a centre). */
    async centreOfCity(cityId: number): Promise<LatLng | null> {
      const city = (await places()).cities.find((c) => c.id === cityId)
      return city ? centreOf(city) : null
    },

    /** Every name of every country and city, for reading places out of free text (the AI's query parser). */
    async gazetteer() {
      const p = await places()
      return {
        countries: p.countries.map((c) => ({ code: c.code, currency: c.currency, names: Object.values(c.names) })),
        cities: p.cities.map((c) => ({ key: c.key, country_code: c.country_code, names: Object.values(c.names) })),
      }
    },

    async currencyOf(code: string): Promise<string | undefined> {
      return (await places()).countries.find((c) => c.code === code)?.currency
    },

    /** The rental terms a country offers (its `supported_terms`), or undefined for a country we do not list. */
    async termsOf(code: string): Promise<Term[] | undefined> {
      return (await places()).countries.find((c) => c.code === code)?.supported_terms
    },
  }
}
export type LocationsService = ReturnType<typeof locationsService>
