import { data, redirect, type LoaderFunctionArgs } from 'react-router'
import { listingsApi } from '../../lib/api/listings.ts'
import { centreOf, locationsApi, type Place } from '../../lib/api/locations.ts'
import { ApiError } from '../../lib/api/call.ts'
import { apiContext, i18nContext, localeContext } from '../../lib/context.ts'
import { FilterFields, PlaceChoice } from './kept-parts.ts'
import { toCard } from './listing-card.tsx'
import { toApiQuery } from './search-params.ts'

/**
 * The listings page's loader, a module of its own: the route loads it beside the page's module
 * (client/public-routes.tsx), so a first visit, which hydrates from the server's data, does not
 * download it (docs/decisions/040-script-budget-per-page.md).
 */

/** This search's URL for a place instead of the typed one, keeping the other filters (from the first page). */
function placeUrl(url: URL, place: Place): string {
  const params = new URLSearchParams(url.search)
  params.delete('page')
  params.set('country', place.countryCode)
  if (place.cityKey) params.set('city', place.cityKey)
  else params.delete('city')
  return `${url.pathname}?${params.toString()}`
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const language = context.get(localeContext)
  const api = context.get(apiContext)
  const filters = toApiQuery(url.searchParams)
  const typedCity = typeof filters.city === 'string' ? filters.city : undefined
  const country = typeof filters.country === 'string' ? filters.country : undefined
  const [page, countries, resolution] = await Promise.all([
    listingsApi(api)
      .search({ ...filters, language }, request.signal)
      .catch((err: unknown) => {
        // a hand-edited URL with impossible filters is the visitor's mistake, not ours: 400 with a way out
        if (err instanceof ApiError && err.code === 'VALIDATION_ERROR')
          throw data({ message: 'Invalid filters' }, { status: 400 })
        throw err
      }),
    locationsApi(api).countries(language, request.signal),
    // a typed name (the search box sends what was typed when nothing was picked) is resolved here, on
    // the server's render too, so a shared or reloaded URL and a form sent before hydration all work
    // (when that fails, the words are searched as a city's key, as before: the page still answers)
    typedCity
      ? locationsApi(api)
          .resolve(typedCity, language, country, request.signal)
          .catch(() => undefined)
      : undefined,
    // a navigation renders the filter's fields afresh: their script comes with the results
    __KHANEH_BROWSER_BUILD__ ? FilterFields.preload(context.get(i18nContext), language) : undefined,
  ])
  // (and the place choice's, for a typed name that names no one place)
  if (__KHANEH_BROWSER_BUILD__ && typedCity && resolution && resolution.status !== 'found')
    await PlaceChoice.preload(context.get(i18nContext), language)
  const found = resolution?.status === 'found' ? resolution.places[0] : undefined
  // a name (not already the city's key) goes to the place's own URL: what a city's link would give
  if (found && found.cityKey !== typedCity) throw redirect(placeUrl(url, found))
  const unresolved =
    typedCity && resolution && resolution.status !== 'found'
      ? {
          status: resolution.status,
          text: typedCity,
          places: resolution.places.map((place) => ({ ...place, to: placeUrl(url, place) })),
        }
      : undefined
  return {
    listings: unresolved ? [] : page.listings.map(toCard),
    pagination: page.pagination,
    cityName: page.listings.find((l) => l.city === filters.city)?.cityName ?? found?.name,
    unresolved,
    filters,
    countries: countries.map((c) => ({ code: c.code, name: c.name, flag: c.flag, currency: c.currency })),
    // where the map opens when it has nothing to frame (a popular city's centre, when the search names one)
    cityCentre:
      centreOf(
        countries.filter((c) => !country || c.code === country.toUpperCase()).flatMap((c) => c.popularCities),
        typedCity ?? '',
      ) ?? undefined,
  }
}
