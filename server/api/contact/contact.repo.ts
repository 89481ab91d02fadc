import type { Queryable } from '../db/client.ts'

export type RevealVia = 'daily' | 'payment' | 'owner'

/** Contact reveals: one row per reader and listing, and once open it stays open. */
export function contactRepo(db: Queryable) {
  return {
    /** Opens the listing's contact for the reader; true when it was not open before. */
    async open(userId: number, listingId: number, via: RevealVia, paymentId: string | null = null): Promise<boolean> {
      const inserted = await db.query(
        `INSERT INTO contact_reveals (user_id, listing_id, via, payment_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, listing_id) DO NOTHING RETURNING listing_id`,
        [userId, listingId, via, paymentId],
      )
      return inserted.length === 1
    },
  }
}
