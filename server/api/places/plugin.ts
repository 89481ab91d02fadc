import fp from 'fastify-plugin'
import { API_PREFIX } from '../../../shared/paths.ts'
import { placesGeocoder, type Geocoder } from '../../integrations/geocoder/geocoder.ts'
import { geocodeService } from './geocode.service.ts'
import { placesRoutes } from './places.routes.ts'

export interface PlacesOptions {
  /** GEOCODER_URL's Nominatim-compatible service; unset: the embedded default, our own cities. */
  geocoder?: Geocoder
  /** How long a search's answer is kept (default 10 minutes). */
  cacheMs?: number
}

/** /places/geocode (docs/decisions/047-the-listing-form-pin.md): finding a street or a place for the listing form's pin. */
export default fp<PlacesOptions>(
  async (app, options) => {
    const geocoder =
      options.geocoder ?? placesGeocoder((text, limit, language) => app.locations.searchCities(text, limit, language))
    const geocode = geocodeService({ locations: app.locations, geocoder, cacheMs: options.cacheMs ?? 10 * 60_000 })
    await app.register(placesRoutes, { prefix: API_PREFIX, geocode })
  },
  { name: 'places', fastify: '5.x', dependencies: ['locations', 'authentication', 'rate-limit'] },
)
