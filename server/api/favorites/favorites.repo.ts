import type { Queryable } from '../db/client.ts'

export function favoritesRepo(db: Queryable) {
  return {
    /** One page of the user's favourites whose listing is still shown (not removed), newest first. */
    async page(
      userId: number,
      limit: number,
      offset: number,
    ): Promise<{ rows: Array<{ listing_id: number; created_at: Date }>; total: number }> {
      const [rows, count] = await Promise.all([
        db.query<{ listing_id: number; created_at: Date }>(
          `SELECT f.listing_id, f.created_at FROM favorites f JOIN listings l ON l.id = f.listing_id
            WHERE f.user_id = $1 AND l.status <> 'removed' ORDER BY f.created_at DESC, f.listing_id DESC LIMIT $2 OFFSET $3`,
          [userId, limit, offset],
        ),
        db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM favorites f JOIN listings l ON l.id = f.listing_id WHERE f.user_id = $1 AND l.status <> 'removed'`,
          [userId],
        ),
      ])
      return { rows, total: count[0]?.n ?? 0 }
    },

    /** Adds the favourite once; the listing's counter moves only when a row was added. */
    async add(userId: number, listingId: number): Promise<{ favorite_count: number; favorited_at: Date }> {
      const inserted = await db.query<{ created_at: Date }>(
        `INSERT INTO favorites (user_id, listing_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING created_at`,
        [userId, listingId],
      )
      if (inserted.length === 1)
        await db.query(`UPDATE listings SET favorite_count = favorite_count + 1 WHERE id = $1`, [listingId])
      const [row] = await db.query<{ favorite_count: number; created_at: Date }>(
        `SELECT l.favorite_count, f.created_at FROM listings l JOIN favorites f ON f.listing_id = l.id AND f.user_id = $1 WHERE l.id = $2`,
        [userId, listingId],
      )
      return { favorite_count: row!.favorite_count, favorited_at: new Date(row!.created_at) }
    },

    async remove(userId: number, listingId: number): Promise<number> {
      const deleted = await db.query(
        `DELETE FROM favorites WHERE user_id = $1 AND listing_id = $2 RETURNING listing_id`,
        [userId, listingId],
      )
      const [row] = await db.query<{ favorite_count: number }>(
        deleted.length === 1
          ? `UPDATE listings SET favorite_count = GREATEST(favorite_count - 1, 0) WHERE id = $1 RETURNING favorite_count`
          : `SELECT favorite_count FROM listings WHERE id = $1`,
        [listingId],
      )
      return row?.favorite_count ?? 0
    },

    /** The listing's status, or null when there is no such listing. */
    async listingStatus(listingId: number): Promise<string | null> {
      const [row] = await db.query<{ status: string }>(`SELECT status FROM listings WHERE id = $1`, [listingId])
      return row?.status ?? null
    },
  }
}
