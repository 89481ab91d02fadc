import { sandboxCheckoutPath } from '../../../shared/paths.ts'
import { localizePath, type LocaleCode } from '../../../shared/locales.ts'
import { AppError } from '../../lib/errors.ts'

/** What a checkout is for: the ledger's payment, its amount in cents and where the payer comes back to. */
export interface CheckoutRequest {
  paymentId: string
  amountMinor: number
  currency: 'EUR'
  /** The product line the payer sees at the provider. */
  description: string
  /** Absolute URLs of the result page, in the payer's language. */
  successUrl: string
  cancelUrl: string
  /** The same key always gives the same checkout (a retry never opens a second one). */
  idempotencyKey: string
  /** The payer's language: the sandbox page is a page of ours, prefixed like every page. */
  locale: LocaleCode
}

export interface CheckoutSession {
  checkoutUrl: string
  /** The provider's id of the checkout (Stripe's Checkout Session id); null for the sandbox. */
  providerRef: string | null
}

/**
 * A verified provider event, reduced to what the ledger acts on: `paid` marks the payment paid,
 * `expired` cancels it, anything else is recorded and ignored.
 */
export interface ProviderEvent {
  id: string
  type: string
  action: 'paid' | 'expired' | 'ignore'
  /** The checkout the event is about (Stripe's session id). */
  providerRef: string | null
  /** The ledger's payment id the checkout was created for, when the event carries it. */
  paymentId: string | null
}

/** The payments port (docs/decisions/019-payments-ledger.md): the sandbox by default, Stripe in production. */
export interface PaymentProvider {
  readonly kind: 'sandbox' | 'stripe'
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>
  /**
   * Reads a signed webhook delivery over its raw bytes: the event, or a thrown
   * WebhookSignatureError when the signature is missing, forged, for other bytes or too old.
   * Absent for a provider without webhooks (the sandbox).
   */
  verifyWebhook?(rawBody: Buffer, signature: string | undefined): ProviderEvent
}

/** A webhook delivery whose signature does not hold: answered 400, nothing done. */
export class WebhookSignatureError extends Error {}

/** The provider did not answer, or answered with a failure of its own: a clear 503, never a hang. */
export function providerUnavailable(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', 'The payment provider is unavailable, please try again shortly')
}

/**
 * The embedded default: the checkout is a test page of the app itself (`/checkout/sandbox/{id}`,
 * in the payer's language), whose Pay and Cancel buttons call the sandbox confirm and cancel routes.
 */
export function sandboxPaymentProvider(): PaymentProvider {
  return {
    kind: 'sandbox',
    async createCheckout(request) {
      return { checkoutUrl: localizePath(sandboxCheckoutPath(request.paymentId), request.locale), providerRef: null }
    },
  }
}
