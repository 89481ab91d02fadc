import { data, type LoaderFunctionArgs } from 'react-router'
import { ApiError } from '../../lib/api/call.ts'
import { listingsApi } from '../../lib/api/listings.ts'
import { apiContext, i18nContext, localeContext } from '../../lib/context.ts'
import { ListingMap, OwnListingPanel } from './listing-kept-parts.ts'

/**
 * A listing page's loader, a module of its own: the route loads it beside the page's module
 * (client/public-routes.tsx), so a first visit, which hydrates from the server's data, does not
 * download it (docs/decisions/040-script-budget-per-page.md).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const language = context.get(localeContext)
  try {
    const [listing] = await Promise.all([
      listingsApi(context.get(apiContext)).get(params.slug ?? '', language, request.signal),
      // a navigation renders the map's section itself: its script comes with the listing
      __KHANEH_BROWSER_BUILD__ ? ListingMap.preload(context.get(i18nContext), language) : undefined,
    ])
    // (and its owner's panel, on their own listing's)
    if (__KHANEH_BROWSER_BUILD__ && listing.isOwner === true)
      await OwnListingPanel.preload(context.get(i18nContext), language)
    return { listing }
  } catch (err) {
    // an address the API refuses as malformed (a NUL, an over-long slug) names no listing either
    if (err instanceof ApiError && (err.code === 'NOT_FOUND' || err.code === 'VALIDATION_ERROR'))
      throw data({ message: 'Listing not found' }, { status: 404 })
    throw err
  }
}
