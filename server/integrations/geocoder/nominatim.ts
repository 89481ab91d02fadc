import { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import type { GeocodedPlace, Geocoder } from './geocoder.ts'

export interface NominatimOptions {
  /** GEOCODER_URL: the service's base, e.g. https://nominatim.openstreetmap.org (its /search is asked). */
  baseUrl: string
  /** GEOCODER_TIMEOUT: the whole call, answer included; past it, 504. */
  timeoutMs: number
  /** Names the site: Nominatim's usage policy refuses a library's stock User-Agent. */
  userAgent: string
}

// jsonv2's fields this reads; the others (osm ids, importance, boundingbox …) are ignored
const NominatimAnswer = z.array(
  z.object({
    lat: z.coerce.number().min(-90).max(90),
    lon: z.coerce.number().min(-180).max(180),
    display_name: z.string(),
    name: z.string().nullish(),
  }),
)

/** "Kastanienallee, Prenzlauer Berg, Berlin, Deutschland" → its own name and the rest of the address. */
function named(item: z.infer<typeof NominatimAnswer>[number]): GeocodedPlace {
  const parts = item.display_name.split(',').map((part) => part.trim())
  const name = item.name?.trim() || parts[0] || item.display_name
  const detail = (parts[0] === name ? parts.slice(1) : parts).join(', ')
  return { name, detail, point: { lat: item.lat, lng: item.lon } }
}

/**
 * A Nominatim-compatible geocoder: `GET {base}/search?q=…&format=jsonv2`, limited to the city's
 * country and bounded by the box around its centre, in the reader's language.
 */
export function nominatimGeocoder(options: NominatimOptions): Geocoder {
  const base = options.baseUrl.replace(/\/$/, '')
  return {
    source: 'geocoder',
    async search({ text, language, countryCode, viewbox, limit }) {
      const params = new URLSearchParams({
        q: text,
        format: 'jsonv2',
        limit: String(limit),
        'accept-language': language,
        countrycodes: countryCode.toLowerCase(),
      })
      if (viewbox) {
        params.set('viewbox', viewbox.join(','))
        params.set('bounded', '1')
      }
      const timeout = AbortSignal.timeout(options.timeoutMs)
      let answer: unknown
      try {
        const res = await fetch(`${base}/search?${params}`, {
          headers: { accept: 'application/json', 'user-agent': options.userAgent },
          signal: timeout,
        })
        if (!res.ok) {
          await res.body?.cancel().catch(() => {})
          throw new AppError('UPSTREAM_UNAVAILABLE', `The geocoder answered ${res.status}`)
        }
        answer = await res.json()
      } catch (err) {
        if (err instanceof AppError) throw err
        // the timeout may strike while the answer's body is still coming
        throw timeout.aborted
          ? new AppError('UPSTREAM_TIMEOUT', 'The geocoder did not answer in time')
          : new AppError('UPSTREAM_UNAVAILABLE', 'The geocoder is unreachable or its answer is not JSON')
      }
      const parsed = NominatimAnswer.safeParse(answer)
      if (!parsed.success)
        throw new AppError('UPSTREAM_UNAVAILABLE', 'The geocoder answered something else than places')
      return parsed.data.slice(0, limit).map(named)
    },
  }
}
