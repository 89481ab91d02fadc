import type { Queryable } from '../db/client.ts'

export interface UploadRow {
  file_id: string
  thumb_file_id: string
  width: number
  height: number
}

export interface ListingPhotoRow extends UploadRow {
  id: number
  position: number
}

export function uploadsRepo(db: Queryable) {
  return {
    async insert(userId: number, rows: UploadRow[]): Promise<void> {
      for (const row of rows) {
        await db.query(
          `INSERT INTO uploads (user_id, file_id, thumb_file_id, width, height) VALUES ($1, $2, $3, $4, $5)`,
          [userId, row.file_id, row.thumb_file_id, row.width, row.height],
        )
      }
    },

    /** The listing's owner and status, or null when there is no such listing (removed ones included: their photos can still go). */
    async findListing(listingId: number): Promise<{ owner_id: number; status: string; slug: string } | null> {
      const [row] = await db.query<{ owner_id: number; status: string; slug: string }>(
        `SELECT owner_id, status, slug FROM listings WHERE id = $1`,
        [listingId],
      )
      return row ?? null
    },

    async photosOf(listingId: number): Promise<ListingPhotoRow[]> {
      return db.query<ListingPhotoRow>(
        `SELECT id, position, file_id, thumb_file_id, width, height FROM photos WHERE listing_id = $1 ORDER BY position, id`,
        [listingId],
      )
    },

    async deletePhoto(listingId: number, photoId: number): Promise<boolean> {
      return (
        (await db.query(`DELETE FROM photos WHERE listing_id = $1 AND id = $2 RETURNING id`, [listingId, photoId]))
          .length === 1
      )
    },
  }
}
