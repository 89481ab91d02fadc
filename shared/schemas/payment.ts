import { z } from 'zod'
import { PLAN_KEYS } from '../plans.ts'

export const PAYMENT_KINDS = ['subscription', 'contact', 'boost'] as const
export const PAYMENT_STATUSES = ['pending', 'paid', 'cancelled', 'refunded'] as const

/** The `Idempotency-Key` header of every call that creates a payment: 8–200 visible ASCII characters. */
export const IdempotencyKey = z.string().regex(/^[\x21-\x7e]{8,200}$/, 'must be 8–200 visible ASCII characters')
export const IDEMPOTENCY_HEADER = 'idempotency-key'

/** The answer of every call that starts a payment: where the payer goes next. */
export const CheckoutSchema = z.object({
  payment_id: z.uuid(),
  checkout_url: z.string(),
  amount_eur: z.number(),
  currency: z.literal('EUR'),
  status: z.enum(PAYMENT_STATUSES),
})
export type Checkout = z.infer<typeof CheckoutSchema>

/** GET /payments/{id}: the payer's own payment (the checkout and result pages read it). */
export const PaymentSchema = z.object({
  id: z.uuid(),
  kind: z.enum(PAYMENT_KINDS),
  plan_key: z.enum(PLAN_KEYS).nullable(),
  listing_id: z.number().int().nullable(),
  /** The listing's slug: its page's address (shared/seo.ts listingPath). */
  listing_slug: z.string().nullable(),
  amount_eur: z.number(),
  discount_eur: z.number(),
  coupon_code: z.string().nullable(),
  currency: z.literal('EUR'),
  status: z.enum(PAYMENT_STATUSES),
  provider: z.enum(['sandbox', 'stripe']),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /**
   * Why a payment was refunded instead of granted: its boost's listing was no longer active, or its
   * contact was already open (a free reveal meanwhile), when the money came.
   */
  refund_reason: z.enum(['listing_not_active', 'contact_already_open']).nullable(),
})
export type Payment = z.infer<typeof PaymentSchema>

export const PaymentParams = z.object({ id: z.uuid() })

/** The header every payment-creating call must carry (validated as a request schema: missing or bad → 400). */
export const IdempotencyHeaders = z.object({ [IDEMPOTENCY_HEADER]: IdempotencyKey })

/** POST /payments/stripe/webhook: the event was verified and is (or was already) applied. */
export const WebhookReceiptSchema = z.object({ received: z.literal(true), duplicate: z.boolean() })
