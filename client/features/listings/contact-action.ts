import { data, type ActionFunctionArgs } from 'react-router'
import { failureOf, failureStatus, type ActionFailure } from '../../lib/action-failure.ts'
import { ApiError, UnauthenticatedError } from '../../lib/api/call.ts'
import type { ContactAnswer } from '../../lib/api/listings.ts'
import { apiContext } from '../../lib/context.ts'
import { signedIn } from '../auth/signed-in.ts'
import { listingsApi } from '../../lib/api/listings.ts'

/** What "Show contact" did: the API's answer (open, pay, or today's limit), or its refusal. */
export type ContactRevealed =
  | { listing: number; answer: ContactAnswer; failure: null }
  | { listing: number; answer: null; failure: ActionFailure }

/**
 * The listing page's one action: "Show contact" (POST /listings/{id}/contact). The same action runs
 * in the browser and, for a form sent without the app, in the gateway
 * (docs/decisions/041-forms-without-javascript.md).
 */
export const action = signedIn(async function action({ request, context }: ActionFunctionArgs) {
  const listing = Number((await request.formData()).get('listing'))
  if (!Number.isSafeInteger(listing) || listing <= 0)
    return data<ContactRevealed>(
      {
        listing: 0,
        answer: null,
        failure: { status: 400, code: 'VALIDATION_ERROR' as const, message: 'A listing', details: null },
      },
      { status: 400 },
    )
  try {
    return {
      listing,
      answer: await listingsApi(context.get(apiContext)).contact(listing),
      failure: null,
    } satisfies ContactRevealed
  } catch (err) {
    // a session that ended is signedIn()'s to turn into sign-in
    if (!(err instanceof ApiError) || err instanceof UnauthenticatedError) throw err
    const failure = failureOf(err)
    return data<ContactRevealed>({ listing, answer: null, failure }, { status: failureStatus(failure) })
  }
})
