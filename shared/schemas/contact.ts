import { z } from 'zod'

/** POST /listings/{id}/contact: the owner's contact, opened for this reader (it stays open). */
export const ContactAccessSchema = z.object({
  contact_phone: z.string(),
  listing_id: z.number().int(),
  access_granted_at: z.string(),
  rate_limit: z.object({ remaining_accesses: z.number().int(), resets_at: z.string() }),
})
export type ContactAccess = z.infer<typeof ContactAccessSchema>

/** The details of the 402 a free reader gets once the day's reveals are used: the price and where to pay. */
export const ContactPaymentRequiredSchema = z.object({
  price_eur: z.number(),
  payment_path: z.string(),
  resets_at: z.string(),
})

/** The details of the 402 an owner gets for a boost without a free boost left: the price and where to pay. */
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
