import { data, redirect, type ActionFunctionArgs } from 'react-router'
import { localizePath, type LocaleCode } from '../../../shared/locales.ts'
import { ApiError, UnauthenticatedError, type Api } from '../../lib/api/call.ts'
import { locationsApi } from '../../lib/api/locations.ts'
import { ownListingsApi } from '../../lib/api/own-listings.ts'
import { apiContext, localeContext } from '../../lib/context.ts'
import { signedIn } from '../auth/signed-in.ts'
import { fieldOf, sentValues, toBody, validate, type ListingField, type SentValues } from './form-values.ts'

/** Why a listing was not saved, as the page tells it; the values sent come back with it. */
export interface ListingRefusal {
  values: SentValues
  fields: ListingField[]
  failure: 'invalid' | 'not-found' | 'network' | 'failed' | null
}

/** The listing's id in the address: null for a new one; a 404 for one that is no id. */
export function listingIdOf(param: string | undefined): number | null {
  const id = param === undefined ? null : Number(param)
  if (id !== null && (!Number.isInteger(id) || id <= 0)) throw data({ message: 'Listing not found' }, { status: 404 })
  return id
}

/**
 * A city typed and not picked from the list (the list is a script: without it the owner can only
 * type) is the city that bears that name, in any language, in the chosen country, when exactly one does.
 */
async function withCityResolved(values: SentValues, api: Api, locale: LocaleCode, signal: AbortSignal) {
  const typed = values.cityLabel.trim()
  if (values.city || !typed || !values.country) return values
  const resolution = await locationsApi(api)
    .resolve(typed, locale, values.country, signal)
    .catch(() => null)
  // a name both a city's and a country's (Luxembourg) is ambiguous to the search, not here: the city is meant
  const cities =
    resolution && resolution.status !== 'unknown'
      ? resolution.places.filter((p) => p.kind === 'city' && p.cityKey && p.countryCode === values.country)
      : []
  const city = cities.length === 1 ? cities[0] : undefined
  return city?.cityKey ? { ...values, city: city.cityKey } : values
}

/**
 * The listing form's one action, for a new listing and an edit: the form's fields (by their names)
 * → the form's own checks → the API; a saved listing goes to the owner's listings with the notice,
 * a refusal comes back with the values sent and the fields to correct. The same action runs in the
 * browser and, for a form sent without the app, in the gateway (docs/decisions/041-forms-without-javascript.md).
 */
export const action = signedIn(async function action({ request, params, context }: ActionFunctionArgs) {
  const api = context.get(apiContext)
  const locale = context.get(localeContext)
  const id = listingIdOf(params.id)
  const values = await withCityResolved(sentValues(await request.formData()), api, locale, request.signal)
  const refuse = (status: number, fields: Iterable<ListingField>, failure: ListingRefusal['failure'] = null) =>
    data<ListingRefusal>({ values, fields: [...fields], failure }, { status })
  const invalid = validate(values)
  if (invalid.size > 0) return refuse(400, invalid)
  try {
    const listings = ownListingsApi(api)
    const saved =
      id === null ? await listings.create(toBody(values), locale) : await listings.update(id, toBody(values), locale)
    const notice = id === null ? 'created' : 'updated'
    return redirect(`${localizePath('/dashboard/listings', locale)}?saved=${notice}&id=${saved.id}`)
  } catch (err) {
    // a session that ended is signedIn()'s to turn into sign-in
    if (!(err instanceof ApiError) || err instanceof UnauthenticatedError) throw err
    if (err.code === 'VALIDATION_ERROR') {
      const fields = new Set(err.fields.flatMap((issue) => fieldOf(issue.path) ?? []))
      return refuse(400, fields, fields.size === 0 ? 'invalid' : null)
    }
    if (err.code === 'NOT_FOUND') return refuse(404, [], 'not-found')
    if (err.code === 'NETWORK_ERROR') return refuse(503, [], 'network')
    return refuse(err.status >= 400 ? err.status : 502, [], 'failed')
  }
})
