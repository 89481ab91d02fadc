import { z } from 'zod'
import { DEFAULT_LOCALE } from '../locales.ts'
import { CITY_SEARCH_DEFAULT_LIMIT, TERMS } from '../constants.ts'
import { clampedInt, LanguageParam } from './common.ts'

/** A city's centre, where its map opens and where a listing without a pin is shown; null for a city without one. */
export const CityCentreSchema = z.object({ lat: z.number(), lng: z.number() })

export const CitySchema = z.object({
  key: z.string(),
  name: z.string(),
  english_name: z.string(),
  country_code: z.string(),
  country_name: z.string(),
  listings_count: z.number().int(),
  is_popular: z.boolean(),
  centre: CityCentreSchema.nullable(),
})
export type City = z.infer<typeof CitySchema>

export const CountrySchema = z.object({
  code: z.string(),
  name: z.string(),
  english_name: z.string(),
  flag: z.string(),
  currency: z.string(),
  supported_terms: z.array(z.enum(TERMS)),
  popular_cities: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      listings_count: z.number().int(),
      is_popular: z.boolean(),
      centre: CityCentreSchema.nullable(),
    }),
  ),
  total_listings: z.number().int(),
})
export type Country = z.infer<typeof CountrySchema>

/** GET /locations/countries. */
export const CountryListSchema = z.object({ countries: z.array(CountrySchema) })

/** GET /locations/countries/{country}/cities and GET /locations/cities/search. */
export const CityListSchema = z.object({ cities: z.array(CitySchema) })

/** GET /locations/supported: every country with all its cities. */
export const SupportedCountriesSchema = z.object({
  countries: z.array(CountrySchema.extend({ cities: z.array(CitySchema) })),
})

export const CountriesQuery = z.object({
  term: z.enum(TERMS).optional(),
  language: LanguageParam.default(DEFAULT_LOCALE),
})
export const CitiesQuery = z.object({ language: LanguageParam.default(DEFAULT_LOCALE) })
export const CountryParams = z.object({
  country: z.string().regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code'),
})
export const CitySearchQuery = z.object({
  q: z.string().trim().min(1).max(80),
  limit: clampedInt(1, 50, CITY_SEARCH_DEFAULT_LIMIT),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
    .optional(),
  language: LanguageParam.default(DEFAULT_LOCALE),
})
export const SupportedQuery = CountriesQuery

/** A city or a whole country, as a typed place resolves to it. */
export const PlaceSchema = z.object({
  kind: z.enum(['city', 'country']),
  country_code: z.string(),
  country_name: z.string(),
  /** The city's key; null for a country. */
  city_key: z.string().nullable(),
  name: z.string(),
  flag: z.string(),
  listings_count: z.number().int(),
})
export type Place = z.infer<typeof PlaceSchema>

/**
 * GET /locations/resolve: `found` names one place; `ambiguous`, the places that bear that exact name;
 * `unknown`, none bears it, and `places` are the nearest names (perhaps none).
 */
export const PlaceResolutionSchema = z.object({
  status: z.enum(['found', 'ambiguous', 'unknown']),
  places: z.array(PlaceSchema),
})
export type PlaceResolution = z.infer<typeof PlaceResolutionSchema>

export const ResolvePlaceQuery = z.object({
  q: z.string().trim().min(1).max(80),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
    .optional(),
  language: LanguageParam.default(DEFAULT_LOCALE),
})
