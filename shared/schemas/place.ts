import { z } from 'zod'
import { DEFAULT_LOCALE } from '../locales.ts'
import { LanguageParam } from './common.ts'

/**
 * One place a typed street or place name found (docs/decisions/047-the-listing-form-pin.md): its name, the rest
 * of its address, its point, how far that lies from the chosen city's centre, and whether a pin may go there
 * (within MAX_PIN_DISTANCE_KM of it).
 */
export const GeocodeResultSchema = z.object({
  name: z.string(),
  detail: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** From the city's centre; null for a city without one (then no distance rule applies). */
  distance_m: z.number().int().nonnegative().nullable(),
  within_reach: z.boolean(),
})
export type GeocodeResult = z.infer<typeof GeocodeResultSchema>

/**
 * GET /places/geocode: `source` says who searched: `geocoder` (GEOCODER_URL: streets and addresses) or
 * `places` (the embedded default: only the cities of our own list).
 */
export const GeocodeAnswerSchema = z.object({
  source: z.enum(['geocoder', 'places']),
  results: z.array(GeocodeResultSchema),
})
export type GeocodeAnswer = z.infer<typeof GeocodeAnswerSchema>

export const GeocodeQuery = z.object({
  q: z.string().trim().min(2).max(200),
  country: z.string().regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code'),
  /** The chosen city's key, as the listing's `city`: results are biased to it and measured from its centre. */
  city: z.string().trim().toLowerCase().min(1).max(100),
  language: LanguageParam.default(DEFAULT_LOCALE),
})
