import type { Bbox, LatLng } from '../../../shared/geo.ts'
import type { LocaleCode } from '../../../shared/locales.ts'

/** What the listing form's search asks: the typed text, the reader's language, and where to look. */
export interface GeocodeRequest {
  text: string
  language: LocaleCode
  /** The chosen city's country (ISO 3166-1 alpha-2, upper case). */
  countryCode: string
  /** A box around the chosen city's centre (west, south, east, north); null for a city without a centre. */
  viewbox: Bbox | null
  limit: number
}

/** One place found: its name, the rest of its address, and its point. */
export interface GeocodedPlace {
  name: string
  detail: string
  point: LatLng
}

/**
 * The geocoding port (docs/decisions/047-the-listing-form-pin.md): turns a typed street or place into
 * points. `places` is the embedded default (our own city list: cities, not streets); `geocoder` a
 * Nominatim-compatible service (GEOCODER_URL). A failure throws the error answer it should become
 * (502 UPSTREAM_UNAVAILABLE, 504 UPSTREAM_TIMEOUT).
 */
export interface Geocoder {
  readonly source: 'geocoder' | 'places'
  search(request: GeocodeRequest): Promise<GeocodedPlace[]>
}

/** A city of our list as the embedded default reads it. */
export interface ListedCity {
  name: string
  country_name: string
  centre: LatLng | null
}

/**
 * The embedded default: searches the cities of our own list (decision 046, the list the city field
 * uses) by any language's name, so the search works offline with no account anywhere. It finds
 * cities only, at their centres, never a street.
 */
export function placesGeocoder(
  searchCities: (text: string, limit: number, language: LocaleCode) => Promise<ListedCity[]>,
): Geocoder {
  return {
    source: 'places',
    async search({ text, language, limit }) {
      const cities = await searchCities(text, limit, language)
      return cities.flatMap((city) =>
        city.centre ? [{ name: city.name, detail: city.country_name, point: city.centre }] : [],
      )
    },
  }
}
