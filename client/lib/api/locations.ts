import type { LatLng } from '../../../shared/geo.ts'
import type { LocaleCode } from '../../../shared/locales.ts'
import { query, type Answer, type Api } from './call.ts'

export type City = Answer<'CitySchema'>
export type Country = Answer<'CountrySchema'>
export type Place = Answer<'PlaceSchema'>

/** Countries and cities in the reader's language. */
export const locationsApi = ({ call }: Api) => ({
  countries: async (language: LocaleCode, signal?: AbortSignal) =>
    (await call('CountryListSchema', `/locations/countries${query({ language })}`, { signal })).countries,
  /** Every city of one country, for the listing form's city picker. */
  citiesOf: async (country: string, language: LocaleCode, signal?: AbortSignal) =>
    (
      await call('CityListSchema', `/locations/countries/${encodeURIComponent(country)}/cities${query({ language })}`, {
        signal,
      })
    ).cities,
  /** Cities whose names contain the text, within one country when `country` is given. */
  searchCities: async (q: string, language: LocaleCode, signal?: AbortSignal, country?: string) =>
    (await call('CityListSchema', `/locations/cities/search${query({ q, language, country, limit: 8 })}`, { signal }))
      .cities,
  /** The city or country a typed name means, or the candidates when it is ambiguous or unknown. */
  resolve: (q: string, language: LocaleCode, country?: string, signal?: AbortSignal) =>
    call('PlaceResolutionSchema', `/locations/resolve${query({ q, language, country })}`, { signal }),
})

/** The centre of the city with this key among these cities, or null (not among them, or a city without one). */
export const centreOf = (cities: ReadonlyArray<{ key: string; centre: LatLng | null }>, key: string): LatLng | null =>
  cities.find((c) => c.key === key)?.centre ?? null
