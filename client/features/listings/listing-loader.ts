import { data, type LoaderFunctionArgs } from 'react-router'
import { ApiError } from '../../lib/api/call.ts'
import { listingsApi } from '../../lib/api/listings.ts'
import { apiContext, localeContext } from '../../lib/context.ts'

/**
 * A listing page's loader, a module of its own: the route loads it beside the page's module
 * (client/public-routes.tsx), so a first visit, which hydrates from the server's data, does not
 * download it (docs/decisions/040-script-budget-per-page.md).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const language = context.get(localeContext)
  try {
    return { listing: await listingsApi(context.get(apiContext)).get(params.slug ?? '', language, request.signal) }
  } catch (err) {
    // an address the API refuses as malformed (a NUL, an over-long slug) names no listing either
    if (err instanceof ApiError && (err.code === 'NOT_FOUND' || err.code === 'VALIDATION_ERROR'))
      throw data({ message: 'Listing not found' }, { status: 404 })
    throw err
  }
}
