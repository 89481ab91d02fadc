import { data, type ActionFunctionArgs } from 'react-router'
import { failureOf, failureStatus, type ActionFailure } from '../../lib/action-failure.ts'
import { ApiError, UnauthenticatedError, type Answer } from '../../lib/api/call.ts'
import { apiContext } from '../../lib/context.ts'
import { signedIn } from '../auth/signed-in.ts'
import { ownListingsApi } from '../../lib/api/own-listings.ts'

/** What "Boost" did: a free boost used (or none left: the owner may pay), or the API's refusal. */
export type BoostActed = { intent: 'boost'; listing: number } & (
  | { answer: Answer<'BoostAnswerSchema'>; failure: null }
  | { answer: null; failure: ActionFailure }
)

/**
 * "Boost" with one of the owner's free boosts: an action of the owner's listings page, which the
 * button's form names wherever it is shown, so it works without JavaScript too
 * (docs/decisions/041-forms-without-javascript.md). Paying for a boost is the checkout's, in the app.
 */
export const action = signedIn(async function action({ request, context }: ActionFunctionArgs) {
  const listing = Number((await request.formData()).get('listing'))
  if (!Number.isSafeInteger(listing) || listing <= 0) {
    const failure = { status: 400, code: 'VALIDATION_ERROR' as const, message: 'A listing', details: null }
    return data<BoostActed>({ intent: 'boost', listing: 0, answer: null, failure }, { status: 400 })
  }
  try {
    const answer = await ownListingsApi(context.get(apiContext)).boost(listing)
    return { intent: 'boost', listing, answer, failure: null } satisfies BoostActed
  } catch (err) {
    // a session that ended is signedIn()'s to turn into sign-in
    if (!(err instanceof ApiError) || err instanceof UnauthenticatedError) throw err
    const failure = failureOf(err)
    return data<BoostActed>({ intent: 'boost', listing, answer: null, failure }, { status: failureStatus(failure) })
  }
})
