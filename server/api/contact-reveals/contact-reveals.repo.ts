import type { Queryable } from '../db/client.ts'

export type RevealVia = 'daily' | 'payment' | 'owner'

/** What contact access needs of a listing: who may see it (policy.ts) and the contact itself. */
export interface ContactListingRow {
  owner_id: number
  status: string
  contact: string | null
}

/** Contact reveals: one row per viewer and listing, and once open it stays open. */
export function contactRevealsRepo(db: Queryable) {
  return {
    /** Opens the listing's contact for the viewer; true when it was not open before. */
    async open(userId: number, listingId: number, via: RevealVia, paymentId: string | null = null): Promise<boolean> {
      const inserted = await db.query(
        `INSERT INTO contact_reveals (user_id, listing_id, via, payment_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, listing_id) DO NOTHING RETURNING listing_id`,
        [userId, listingId, via, paymentId],
      )
      return inserted.length === 1
    },

    /** When the viewer's access to the listing's contact was granted, or null when it is not open for them. */
    async openedAt(userId: number, listingId: number): Promise<Date | null> {
      const [row] = await db.query<{ created_at: Date }>(
        `SELECT created_at FROM contact_reveals WHERE user_id = $1 AND listing_id = $2`,
        [userId, listingId],
      )
      return row ? new Date(row.created_at) : null
    },

    /** The listing's contact when it is open for this viewer, else null. */
    async openedContact(userId: number, listingId: number): Promise<string | null> {
      const [row] = await db.query<{ contact: string | null }>(
        `SELECT l.contact FROM contact_reveals r JOIN listings l ON l.id = r.listing_id
          WHERE r.user_id = $1 AND r.listing_id = $2`,
        [userId, listingId],
      )
      return row?.contact ?? null
    },

    async listing(listingId: number): Promise<ContactListingRow | null> {
      const [row] = await db.query<ContactListingRow>(`SELECT owner_id, status, contact FROM listings WHERE id = $1`, [
        listingId,
      ])
      return row ?? null
    },

    /**
     * Locks the live viewer's row, so that one viewer's reveals are counted and written one at a
     * time (ten at once still open exactly the day's allowance); whether they are premium now.
     */
    async lockViewer(userId: number): Promise<{ premium: boolean } | null> {
      const [row] = await db.query<{ premium: boolean }>(
        `SELECT COALESCE(premium_until > now(), false) AS premium FROM users WHERE id = $1 AND deleted_at IS NULL FOR NO KEY UPDATE`,
        [userId],
      )
      return row ?? null
    },

    /** The viewer's reveals out of their daily allowance since `dayStart` (paid and own listings are not counted). */
    async dailyRevealsSince(userId: number, dayStart: Date): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM contact_reveals WHERE user_id = $1 AND via = 'daily' AND created_at >= $2`,
        [userId, dayStart],
      )
      return row?.n ?? 0
    },
  }
}
