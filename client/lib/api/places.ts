import type { LocaleCode } from '../../../shared/locales.ts'
import { query, type Answer, type Api } from './call.ts'

export type GeocodeAnswer = Answer<'GeocodeAnswerSchema'>

/** Streets and places for the listing form's pin (signed in; docs/decisions/047-the-listing-form-pin.md). */
export const placesApi = ({ call }: Api) => ({
  /** The places the words name around a city, each marked whether a pin may go there. */
  geocode: (q: string, where: { country: string; city: string }, language: LocaleCode, signal?: AbortSignal) =>
    call('GeocodeAnswerSchema', `/places/geocode${query({ q, ...where, language })}`, { signal }),
})
