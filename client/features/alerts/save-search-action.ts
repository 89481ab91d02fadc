import { data, type ActionFunctionArgs } from 'react-router'
import { failureOf, failureStatus, type ActionFailure } from '../../lib/action-failure.ts'
import { ApiError, UnauthenticatedError } from '../../lib/api/call.ts'
import type { Alert } from '../../lib/api/alerts.ts'
import { apiContext, i18nContext, localeContext } from '../../lib/context.ts'
import { signedIn } from '../auth/signed-in.ts'
import { alertsApi } from '../../lib/api/alerts.ts'

/** What "Save this search" did: the alert it made, or the API's refusal (plain, as for the cards). */
export type SearchSaved = { saved: Alert; failure: null } | { saved: null; failure: ActionFailure }

/**
 * "Save this search" on /listings: the address's filters as an instant, in-app alert named after
 * them (the form names the place and currency the page shows). A form of the listings page, so it
 * works without JavaScript too (docs/decisions/041-forms-without-javascript.md).
 */
export const saveSearchAction = signedIn(async function saveSearchAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const text = (name: string) => String(form.get(name) ?? '') || undefined
  // the filters' names come with the first save, not with the listings page (docs/decisions/025-catalogs-by-route-group.md)
  const { defaultAlertName, savedFilters } = await import('./alert-filters.ts')
  const filters = savedFilters(new URL(request.url).searchParams)
  const name = defaultAlertName(filters, context.get(i18nContext), {
    locale: context.get(localeContext),
    cityName: text('city_name'),
    countryName: text('country_name'),
    currency: text('currency'),
  })
  try {
    const saved = await alertsApi(context.get(apiContext)).create({ name, filters, frequency: 'instant', channels: [] })
    return { saved, failure: null } satisfies SearchSaved
  } catch (err) {
    // a session that ended is signedIn()'s to turn into sign-in
    if (!(err instanceof ApiError) || err instanceof UnauthenticatedError) throw err
    const failure = failureOf(err)
    return data<SearchSaved>({ saved: null, failure }, { status: failureStatus(failure) })
  }
})
