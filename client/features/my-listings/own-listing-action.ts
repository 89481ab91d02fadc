import { data, redirect, type ActionFunctionArgs } from 'react-router'
import { localizePath } from '../../../shared/locales.ts'
import { failureOf, failureStatus, type ActionFailure } from '../../lib/action-failure.ts'
import { ApiError, UnauthenticatedError, type Answer } from '../../lib/api/call.ts'
import { ownListingsApi } from '../../lib/api/own-listings.ts'
import { paymentsApi } from '../../lib/api/payments.ts'
import { apiContext, localeContext } from '../../lib/context.ts'
import { signedIn } from '../auth/signed-in.ts'
import { openCheckout } from '../checkout/checkout-action.ts'

/** What the owner may do with one of their listings from its row (or, for a boost, from its page). */
export type OwnListingIntent = 'boost' | 'pay-boost' | 'rented' | 'renew' | 'duplicate' | 'remove'

const INTENTS: readonly string[] = [
  'boost',
  'pay-boost',
  'rented',
  'renew',
  'duplicate',
  'remove',
] satisfies OwnListingIntent[]

/** What "Boost" did: a free boost used (or none left: the owner may pay), or the API's refusal. */
export type BoostActed = { intent: 'boost'; listing: number } & (
  | { answer: Answer<'BoostAnswerSchema'>; failure: null }
  | { answer: null; failure: ActionFailure }
)

/** What another of the row's buttons did (a success of rented, renew or remove: the page's list shows it). */
export interface OwnListingActed {
  intent: Exclude<OwnListingIntent, 'boost' | 'pay-boost'>
  listing: number
  failure: ActionFailure | null
}

/** The checkout attempt of a paid boost (checkout-action.ts), by listing. */
export const boostCheckout = (listing: number) => `boost:${listing}`

/**
 * The owner's listings page's one action: every button of a row is a form naming its listing and
 * `intent`, wherever it is shown, so each works without JavaScript
 * (docs/decisions/041-forms-without-javascript.md): a free boost; a paid one (a redirect to its
 * checkout); marked rented; renewed (sent for review again); duplicated (on to the copy's form);
 * removed (after the row's "Remove this listing?" step). Whose listing it is, is the API's to check:
 * another's is its 404, and the page says so.
 */
export const action = signedIn(async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const listing = Number(form.get('listing'))
  const intent = String(form.get('intent') ?? 'boost') as OwnListingIntent
  const api = context.get(apiContext)
  if (!Number.isSafeInteger(listing) || listing <= 0 || !INTENTS.includes(intent)) {
    const failure = {
      status: 400,
      code: 'VALIDATION_ERROR' as const,
      message: 'A listing and what to do',
      details: null,
    }
    return data({ intent: intent === 'boost' ? 'boost' : 'rented', listing: 0, answer: null, failure }, { status: 400 })
  }
  if (intent === 'pay-boost') {
    const language = context.get(localeContext)
    return openCheckout(request, form, boostCheckout(listing), language, (language, key) =>
      paymentsApi(api).payBoost(listing, language, key),
    )
  }
  const own = ownListingsApi(api)
  try {
    if (intent === 'boost')
      return { intent, listing, answer: await own.boost(listing), failure: null } satisfies BoostActed
    if (intent === 'duplicate') {
      const copy = await own.duplicate(listing)
      return redirect(localizePath(`/dashboard/listings/${copy.id}`, context.get(localeContext)))
    }
    if (intent === 'remove') await own.remove(listing)
    else await own.setStatus(listing, intent === 'rented' ? 'rented' : 'pending')
    return { intent, listing, failure: null } satisfies OwnListingActed
  } catch (err) {
    // a session that ended is signedIn()'s to turn into sign-in
    if (!(err instanceof ApiError) || err instanceof UnauthenticatedError) throw err
    const failure = failureOf(err)
    const acted = intent === 'boost' ? { intent, listing, answer: null, failure } : { intent, listing, failure }
    return data<BoostActed | OwnListingActed>(acted, { status: failureStatus(failure) })
  }
})
