import { data, redirect } from 'react-router'
import type { LocaleCode } from '../../../shared/locales.ts'
import { failureOf, failureStatus, type ActionFailure } from '../../lib/action-failure.ts'
import { ApiError, UnauthenticatedError } from '../../lib/api/call.ts'
import type { Checkout } from '../../lib/api/subscriptions.ts'
import { checkoutTarget } from './use-checkout.ts'

/** A purchase form's answer when its checkout did not open: what was bought, the key to send again, the refusal. */
export interface CheckoutRefused {
  checkout: string
  attempt: string
  failure: ActionFailure
}

/** The API's rule for an Idempotency-Key (IdempotencyKey of shared/schemas/payment.ts, not imported: it would bundle zod). */
const KEY = /^[\x21-\x7e]{8,200}$/

/**
 * A purchase form's action (docs/decisions/041-forms-without-javascript.md): asks the API for the checkout
 * of `what` (a contact, a boost, a plan with its coupon) the way the app always did, and answers a redirect
 * to the checkout's page (ours for the sandbox, else the provider's), which the gateway sends as a 303.
 * One attempt is one Idempotency-Key: made here, given back with a refusal and sent again by the form's
 * `attempt` field, so a retry (or the browser's own resend) is still one payment. Nothing is granted
 * here: only the provider's confirmation marks a payment paid (docs/decisions/019-payments-ledger.md).
 */
export async function openCheckout(
  request: Request,
  form: FormData,
  what: string,
  language: LocaleCode,
  start: (language: LocaleCode, idempotencyKey: string) => Promise<Checkout>,
): Promise<Response | ReturnType<typeof data<CheckoutRefused>>> {
  const sent = String(form.get('attempt') ?? '')
  const attempt = KEY.test(sent) ? sent : crypto.randomUUID()
  try {
    const checkout = await start(language, attempt)
    const target = checkoutTarget(checkout.checkoutUrl, new URL(request.url).origin)
    return redirect('href' in target ? target.href : target.path)
  } catch (err) {
    // a session that ended is signedIn()'s to turn into sign-in
    if (!(err instanceof ApiError) || err instanceof UnauthenticatedError) throw err
    const failure = failureOf(err)
    return data<CheckoutRefused>({ checkout: what, attempt, failure }, { status: failureStatus(failure) })
  }
}

/** The refusal of `what`'s checkout in an action's answer, if that is what the answer is. */
export function refusedCheckout(acted: unknown, what: string): CheckoutRefused | null {
  const refused = acted as Partial<CheckoutRefused> | undefined
  return refused?.checkout === what && refused.attempt && refused.failure ? (refused as CheckoutRefused) : null
}
