import type { LocaleCode } from '../../../shared/locales.ts'
import { query, type Answer, type Call } from './call.ts'

export type City = Answer<'CitySchema'>
export type Country = Answer<'CountrySchema'>

/** Countries and cities in the reader's language. */
export const locationsApi = (call: Call) => ({
  countries: async (language: LocaleCode, signal?: AbortSignal) =>
    (await call('CountryListSchema', `/locations/countries${query({ language })}`, { signal })).countries,
  /** Every city of one country, for the listing form's city picker. */
  citiesOf: async (country: string, language: LocaleCode, signal?: AbortSignal) =>
    (
      await call('CityListSchema', `/locations/countries/${encodeURIComponent(country)}/cities${query({ language })}`, {
        signal,
      })
    ).cities,
  searchCities: async (q: string, language: LocaleCode, signal?: AbortSignal) =>
    (await call('CityListSchema', `/locations/cities/search${query({ q, language, limit: 8 })}`, { signal })).cities,
})
