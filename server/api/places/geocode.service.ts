import { MAX_PIN_DISTANCE_KM } from '../../../shared/constants.ts'
import { distanceM, type Bbox, type LatLng } from '../../../shared/geo.ts'
import type { LocaleCode } from '../../../shared/locales.ts'
import type { GeocodeAnswer } from '../../../shared/schemas/place.ts'
import { normalizeSearchText } from '../../../shared/text.ts'
import type { GeocodedPlace, Geocoder } from '../../integrations/geocoder/geocoder.ts'
import { AppError } from '../../lib/errors.ts'
import { ENTRY_OVERHEAD_BYTES, textBytes, TtlCache } from '../../lib/ttl-cache.ts'
import type { LocationsService } from '../locations/locations.service.ts'

/** Places a search answers at most. */
export const GEOCODE_LIMIT = 5
const REACH_M = MAX_PIN_DISTANCE_KM * 1000
const KM_PER_DEGREE = 111.32

/** The box around a city's centre that holds every point within MAX_PIN_DISTANCE_KM of it (west, south, east, north). */
export function reachBox(centre: LatLng): Bbox {
  const dLat = MAX_PIN_DISTANCE_KM / KM_PER_DEGREE
  const dLng = Math.min(180, dLat / Math.max(Math.cos((centre.lat * Math.PI) / 180), 0.01))
  const round = (v: number) => Number(v.toFixed(5))
  return [
    round(Math.max(-180, centre.lng - dLng)),
    round(Math.max(-90, centre.lat - dLat)),
    round(Math.min(180, centre.lng + dLng)),
    round(Math.min(90, centre.lat + dLat)),
  ]
}

export interface GeocodeOptions {
  locations: LocationsService
  geocoder: Geocoder
  /** How long an answer is kept for the same words in the same city and language (a service's answer changes slowly). */
  cacheMs: number
}

/**
 * The listing form's search for a street or place (docs/decisions/047-the-listing-form-pin.md): the
 * geocoder asked around the chosen city, each place measured from the city's centre, and the
 * answers kept a short while (the same words asked again cost the outside service nothing).
 */
export function geocodeService({ locations, geocoder, cacheMs }: GeocodeOptions) {
  const cache = new TtlCache<GeocodedPlace[]>({
    ttlMs: cacheMs,
    maxBytes: 2 * 1024 * 1024,
    weigh: (places) =>
      places.reduce((sum, p) => sum + textBytes(p.name) + textBytes(p.detail) + 64, ENTRY_OVERHEAD_BYTES),
  })

  return {
    async geocode(input: { q: string; country: string; city: string; language: LocaleCode }): Promise<GeocodeAnswer> {
      const countryCode = input.country.toUpperCase()
      const cityId = await locations.cityIn(countryCode, input.city)
      if (cityId === null)
        throw new AppError('VALIDATION_ERROR', 'The request is not valid', [
          { path: 'querystring.city', code: 'invalid_value', message: 'is not a city of this country' },
        ])
      const centre = await locations.centreOfCity(cityId)
      const key = [geocoder.source, input.language, countryCode, input.city, normalizeSearchText(input.q)].join('|')
      const places = await cache.wrap(key, () =>
        geocoder.search({
          text: input.q,
          language: input.language,
          countryCode,
          viewbox: centre && reachBox(centre),
          limit: GEOCODE_LIMIT,
        }),
      )
      const results = places.map(({ name, detail, point }) => {
        const distance = centre ? Math.round(distanceM(centre, point)) : null
        return {
          name,
          detail,
          lat: point.lat,
          lng: point.lng,
          distance_m: distance,
          within_reach: distance === null || distance <= REACH_M,
        }
      })
      // the places a pin may go to first, each group in the geocoder's order of relevance (the sort is stable)
      results.sort((a, b) => Number(b.within_reach) - Number(a.within_reach))
      return { source: geocoder.source, results }
    },
  }
}
export type GeocodeService = ReturnType<typeof geocodeService>
