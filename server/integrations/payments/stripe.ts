import Stripe from 'stripe'
import type {
  CheckoutRequest,
  CheckoutSession,
  PaymentProvider,
  ProviderEvent,
  RefundRequest,
} from './payment-provider.ts'
import { providerUnavailable, WebhookSignatureError } from './payment-provider.ts'

export interface StripeOptions {
  secretKey: string
  webhookSecret: string
  /** STRIPE_API_BASE: another address for the API (tests run a fake on loopback). */
  apiBase?: string
  /** How long one call to Stripe may take in all before it answers 503 (default STRIPE_TIMEOUT_MS). */
  timeoutMs?: number
}

/**
 * A call to Stripe gives up after this long: under the gateway's 10 s wait for the API, so a
 * hanging Stripe is the API's 503 with Retry-After, never the gateway's 504
 * (docs/decisions/019-payments-ledger.md).
 */
export const STRIPE_TIMEOUT_MS = 8_000

/** Stripe's signature tolerance, in seconds, both ways: an older delivery is a replay, a newer one is forged. */
export const WEBHOOK_TOLERANCE_S = 300

/**
 * The Stripe adapter: Checkout Sessions created with an idempotency key (a retry returns the same
 * session), refunds likewise, and webhooks verified over their raw bytes
 * (docs/decisions/019-payments-ledger.md).
 */
export function stripePaymentProvider(options: StripeOptions): PaymentProvider {
  const base = options.apiBase ? new URL(options.apiBase) : null
  const timeoutMs = options.timeoutMs ?? STRIPE_TIMEOUT_MS
  const stripe = new Stripe(options.secretKey, {
    timeout: timeoutMs,
    // no retry within the budget: the payer's retry of the key is the retry, under the same Stripe key
    maxNetworkRetries: 0,
    telemetry: false,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'http:' ? 80 : 443),
      protocol: base.protocol === 'http:' ? 'http' : 'https',
    }),
  })

  /** One call to Stripe within the budget (stripe-node still retries a closed connection once on its own). */
  async function call<T>(what: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)
    })
    try {
      return await Promise.race([what(), deadline])
    } catch (err) {
      // the key, the card and the amounts are Stripe's business: the caller gets one clear 503
      throw Object.assign(providerUnavailable(), { cause: describe(err) })
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    kind: 'stripe',

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: request.paymentId,
            metadata: { payment_id: request.paymentId },
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: request.amountMinor,
                  product_data: { name: request.description },
                },
              },
            ],
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      )
      if (!session.url) throw Object.assign(providerUnavailable(), { cause: 'checkout session without a url' })
      return { checkoutUrl: session.url, providerRef: session.id }
    },

    async refund(request: RefundRequest): Promise<{ refundRef: string }> {
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: request.chargeRef, amount: request.amountMinor, reason: 'requested_by_customer' },
          { idempotencyKey: request.idempotencyKey },
        ),
      )
      return { refundRef: refund.id }
    },

    verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
      if (!signature) throw new WebhookSignatureError('missing Stripe-Signature')
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret, WEBHOOK_TOLERANCE_S)
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : 'invalid signature')
      }
      // stripe-node refuses only the old; a timestamp from the future is no delivery of Stripe's either
      if (signedAt(signature) - Math.floor(Date.now() / 1000) > WEBHOOK_TOLERANCE_S)
        throw new WebhookSignatureError('timestamp in the future')
      return toProviderEvent(event)
    },
  }
}

/** The `t=` of a Stripe-Signature header, read as stripe-node reads it (the last one counts). */
function signedAt(signature: string): number {
  let timestamp = -1
  for (const item of signature.split(',')) {
    const [key, value] = item.split('=')
    if (key === 't') timestamp = Number.parseInt(value ?? '', 10)
  }
  return timestamp
}

/**
 * Only the checkout events move the ledger. A session is paid when it is a one-off payment and
 * Stripe says its payment is; whether it is the payment's own session, for its amount, is the
 * ledger's to check.
 */
function toProviderEvent(event: Stripe.Event): ProviderEvent {
  const none = { ignored: null, providerRef: null, amountMinor: null, currency: null, chargeRef: null }
  if (
    event.type !== 'checkout.session.completed' &&
    event.type !== 'checkout.session.async_payment_succeeded' &&
    event.type !== 'checkout.session.expired'
  )
    return { id: event.id, type: event.type, action: 'ignore', ...none }
  const session = event.data.object
  const about = {
    id: event.id,
    type: event.type,
    providerRef: typeof session.id === 'string' ? session.id : null,
    amountMinor: Number.isSafeInteger(session.amount_total) ? session.amount_total : null,
    currency: typeof session.currency === 'string' ? session.currency.toUpperCase() : null,
    chargeRef:
      typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
  }
  if (event.type === 'checkout.session.expired') return { ...about, action: 'expired', ignored: null }
  const ignored =
    session.mode !== 'payment' ? 'not_payment_mode' : session.payment_status !== 'paid' ? 'not_paid' : null
  return { ...about, action: ignored ? 'ignore' : 'paid', ignored }
}

/** What went wrong, without anything secret: Stripe's error type and status, or the network error's message. */
function describe(err: unknown): string {
  if (err instanceof Stripe.errors.StripeError) return `${err.type}${err.statusCode ? ` ${err.statusCode}` : ''}`
  return err instanceof Error ? err.message : String(err)
}
