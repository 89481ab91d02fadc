import { z } from 'zod'

/** POST /listings/{id}/contact: the owner's contact, opened for this reader (it stays open). */
export const ContactAccessSchema = z.object({
  contact_phone: z.string(),
  listing_id: z.number().int(),
  access_granted_at: z.string(),
  rate_limit: z.object({ remaining_accesses: z.number().int(), resets_at: z.string() }),
})
export type ContactAccess = z.infer<typeof ContactAccessSchema>

/** What a free reader is offered once the day's reveals are used: the price and where to pay. */
export const ContactPaymentRequiredSchema = z.object({
  price_eur: z.number(),
  payment_path: z.string(),
  resets_at: z.string(),
})

/**
 * The answer of POST /listings/{id}/contact, by `access`: `granted` (the contact), `payment_required`
 * (a free reader's reveals of the day are used: this one can be bought) or `daily_limit` (a premium
 * reader's are used: more after `resets_at`). The last two are the reader's state, not failures of
 * the call, so they answer 200 (docs/decisions/013-error-envelope-and-codes.md).
 */
export const ContactAnswerSchema = z.discriminatedUnion('access', [
  ContactAccessSchema.extend({ access: z.literal('granted') }),
  ContactPaymentRequiredSchema.extend({
    access: z.literal('payment_required'),
    listing_id: z.number().int(),
    reason: z.literal('daily_reveals_used'),
  }),
  z.object({
    access: z.literal('daily_limit'),
    listing_id: z.number().int(),
    reason: z.literal('daily_reveals_used'),
    resets_at: z.string(),
  }),
])
export type ContactAnswer = z.infer<typeof ContactAnswerSchema>

/** What an owner without a free boost left is offered: the price and where to pay. */
export const BoostPaymentRequiredSchema = z.object({
  price_eur: z.number(),
  payment_path: z.string(),
})

/** POST /listings/{id}/boost: the listing's new boost and the free boosts left. */
export const BoostSchema = z.object({
  listing_id: z.number().int(),
  boost_until: z.string(),
  free_boosts: z.number().int(),
})
export type Boost = z.infer<typeof BoostSchema>

/**
 * The answer of POST /listings/{id}/boost, by `boosted`: true (the new boost) or false with the way
 * to pay when no free boost is left — the owner's state, not a failure of the call (200).
 */
export const BoostAnswerSchema = z.discriminatedUnion('boosted', [
  BoostSchema.extend({ boosted: z.literal(true) }),
  BoostPaymentRequiredSchema.extend({
    boosted: z.literal(false),
    listing_id: z.number().int(),
    reason: z.literal('no_free_boosts'),
  }),
])
export type BoostAnswer = z.infer<typeof BoostAnswerSchema>
