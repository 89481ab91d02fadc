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
 * A verified provider event, reduced to what the ledger acts on: `paid` marks the payment of the
 * checkout `providerRef` paid once its amount and currency are the payment's, `expired` cancels it,
 * anything else is recorded and ignored (docs/decisions/019-payments-ledger.md).
 */
export interface ProviderEvent {
  id: string
  type: string
  action: 'paid' | 'expired' | 'ignore'
  /** Why a checkout event is not acted on (e.g. `not_paid`), for the record and the log; null otherwise. */
  ignored: string | null
  /** The checkout the event is about (Stripe's session id): the only way to the ledger's payment. */
  providerRef: string | null
  /** What the checkout charged, in minor units and upper-case ISO currency, when the event says. */
  amountMinor: number | null
  currency: string | null
  /** The provider's id of the money received (Stripe's PaymentIntent), which a refund names. */
  chargeRef: string | null
}

/** A refund of the whole amount of a payment whose purchase could not be delivered. */
export interface RefundRequest {
  chargeRef: string
  amountMinor: number
  /** The same key always gives the same refund (a redelivered event never refunds twice). */
  idempotencyKey: string
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
  /** Gives the money back; the provider's refund id. Absent where no money moves (the sandbox). */
  refund?(request: RefundRequest): Promise<{ refundRef: string }>
}

/** A webhook delivery whose signature does not hold: answered 400, nothing done. */
export class WebhookSignatureError extends Error {}

/** Seconds a payer is asked to wait before retrying a checkout the provider did not make. */
export const PROVIDER_RETRY_AFTER_SECONDS = 5

/** The provider did not answer in time, or answered with a failure of its own: a clear 503 with Retry-After, never a hang. */
export function providerUnavailable(): AppError {
  const err = new AppError('SERVICE_UNAVAILABLE', 'The payment provider is unavailable, please try again shortly')
  err.retryAfterSeconds = PROVIDER_RETRY_AFTER_SECONDS
  return err
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
