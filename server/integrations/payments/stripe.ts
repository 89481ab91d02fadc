import Stripe from 'stripe'
import type { CheckoutRequest, CheckoutSession, PaymentProvider, ProviderEvent } from './payment-provider.ts'
import { providerUnavailable, WebhookSignatureError } from './payment-provider.ts'

export interface StripeOptions {
  secretKey: string
  webhookSecret: string
  /** STRIPE_API_BASE: another address for the API (tests run a fake on loopback). */
  apiBase?: string
  /** How long one call may take before the checkout answers 503 (default 10 s). */
  timeoutMs?: number
}

/** Stripe's signature tolerance, in seconds: an older delivery is refused as a replay. */
export const WEBHOOK_TOLERANCE_S = 300

/**
 * The Stripe adapter: Checkout Sessions created with an idempotency key (a retry returns the same
 * session), and webhooks verified over their raw bytes (docs/decisions/019-payments-ledger.md).
 */
export function stripePaymentProvider(options: StripeOptions): PaymentProvider {
  const base = options.apiBase ? new URL(options.apiBase) : null
  const stripe = new Stripe(options.secretKey, {
    timeout: options.timeoutMs ?? 10_000,
    // one retry of a network failure, under the same idempotency key
    maxNetworkRetries: 1,
    telemetry: false,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'http:' ? 80 : 443),
      protocol: base.protocol === 'http:' ? 'http' : 'https',
    }),
  })

  return {
    kind: 'stripe',

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      let session: Stripe.Checkout.Session
      try {
        session = await stripe.checkout.sessions.create(
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
        )
      } catch (err) {
        // the key, the card and the amounts are Stripe's business: the caller gets one clear 503
        throw Object.assign(providerUnavailable(), { cause: describe(err) })
      }
      if (!session.url) throw Object.assign(providerUnavailable(), { cause: 'checkout session without a url' })
      return { checkoutUrl: session.url, providerRef: session.id }
    },

    verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
      if (!signature) throw new WebhookSignatureError('missing Stripe-Signature')
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret, WEBHOOK_TOLERANCE_S)
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : 'invalid signature')
      }
      return toProviderEvent(event)
    },
  }
}

/** Only the checkout events move the ledger; a session is paid when Stripe says its payment is. */
function toProviderEvent(event: Stripe.Event): ProviderEvent {
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    const session = event.data.object
    return {
      id: event.id,
      type: event.type,
      action: session.payment_status === 'paid' ? 'paid' : 'ignore',
      providerRef: session.id,
      paymentId: session.client_reference_id ?? session.metadata?.payment_id ?? null,
    }
  }
  if (event.type === 'checkout.session.expired') {
    const session = event.data.object
    return {
      id: event.id,
      type: event.type,
      action: 'expired',
      providerRef: session.id,
      paymentId: session.client_reference_id ?? session.metadata?.payment_id ?? null,
    }
  }
  return { id: event.id, type: event.type, action: 'ignore', providerRef: null, paymentId: null }
}

/** What went wrong, without anything secret: Stripe's error type and status, or the network error's message. */
function describe(err: unknown): string {
  if (err instanceof Stripe.errors.StripeError) return `${err.type}${err.statusCode ? ` ${err.statusCode}` : ''}`
  return err instanceof Error ? err.message : String(err)
}
