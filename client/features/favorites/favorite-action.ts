import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router'
import { localizePath } from '../../../shared/locales.ts'
import { safeNext } from '../../../shared/paths.ts'
import { failureOf, failureStatus } from '../../lib/action-failure.ts'
import { ApiError, UnauthenticatedError } from '../../lib/api/call.ts'
import { favoritesApi } from '../../lib/api/favorites.ts'
import { apiContext, localeContext } from '../../lib/context.ts'
import { signedIn } from '../auth/signed-in.ts'

const FAVORITES_PAGE = '/dashboard/favorites'

/** What a heart's form did: the listing's state as the API left it, or that it failed. */
export interface FavoriteActed {
  listing: number
  favorited: boolean
  failed: boolean
}

/**
 * A heart pressed: the listing saved to or taken out of the reader's favourites. From the app (a
 * fetcher, which stays on its page) the state is the answer; a form sent without the app names the
 * page it came from (`back`) and is sent back there (docs/decisions/041-forms-without-javascript.md).
 */
export const action = signedIn(async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const listing = Number(form.get('listing'))
  const favorite = form.get('favorite') === 'true'
  const back = form.get('back')
  if (!Number.isSafeInteger(listing) || listing <= 0)
    return data<FavoriteActed>({ listing: 0, favorited: false, failed: true }, { status: 400 })
  try {
    const api = favoritesApi(context.get(apiContext))
    const state = favorite ? await api.add(listing) : await api.remove(listing)
    if (typeof back === 'string')
      return redirect(safeNext(back, localizePath(FAVORITES_PAGE, context.get(localeContext))))
    return { listing, favorited: state.isFavorited, failed: false } satisfies FavoriteActed
  } catch (err) {
    // a session that ended is signedIn()'s to turn into sign-in
    if (!(err instanceof ApiError) || err instanceof UnauthenticatedError) throw err
    return data<FavoriteActed>(
      { listing, favorited: !favorite, failed: true },
      { status: failureStatus(failureOf(err)) },
    )
  }
})

/** Nothing to see at the action's own address: the favourites are on their page. */
export const loader = ({ context }: LoaderFunctionArgs) =>
  redirect(localizePath(FAVORITES_PAGE, context.get(localeContext)))
