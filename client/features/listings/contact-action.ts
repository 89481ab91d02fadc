import { data, type ActionFunctionArgs } from 'react-router'
import { failureOf, failureStatus, type ActionFailure } from '../../lib/action-failure.ts'
import { ApiError, UnauthenticatedError } from '../../lib/api/call.ts'
import type { ContactAnswer } from '../../lib/api/listings.ts'
import { paymentsApi } from '../../lib/api/payments.ts'
import { apiContext, localeContext } from '../../lib/context.ts'
import { signedIn } from '../auth/signed-in.ts'
import { openCheckout } from '../checkout/checkout-action.ts'
import { listingsApi } from '../../lib/api/listings.ts'

/** The checkout attempt of a paid contact (checkout-action.ts), by listing. */
export const contactCheckout = (listing: number) => `contact:${listing}`

/** What "Show contact" did: the API's answer (open, pay, or today's limit), or its refusal. */
export type ContactRevealed =
  | { listing: number; answer: ContactAnswer; failure: null }
  | { listing: number; answer: null; failure: ActionFailure }

/**
 * The listing page's one action: "Show contact" (POST /listings/{id}/contact), or with `intent=pay` the
 * checkout of this one contact (a redirect to it, checkout-action.ts). The same action runs
 * in the browser and, for a form sent without the app, in the gateway
 * (docs/decisions/041-forms-without-javascript.md).
 */
export const action = signedIn(async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const listing = Number(form.get('listing'))
  if (!Number.isSafeInteger(listing) || listing <= 0)
    return data<ContactRevealed>(
      {
        listing: 0,
        answer: null,
        failure: { status: 400, code: 'VALIDATION_ERROR' as const, message: 'A listing', details: null },
      },
      { status: 400 },
    )
  if (form.get('intent') === 'pay') {
    const api = context.get(apiContext)
    return openCheckout(request, form, contactCheckout(listing), context.get(localeContext), (language, key) =>
      paymentsApi(api).payContact(listing, language, key),
    )
  }
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
