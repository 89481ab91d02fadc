import type { Queryable } from '../db/client.ts'

export interface RefreshRow {
  id: string
  user_id: number
  family_id: string
  expires_at: Date
  rotated_at: Date | null
  revoked_at: Date | null
}

export function sessionRepo(db: Queryable) {
  return {
    async insertRefresh(row: {
      id: string
      userId: number
      familyId: string
      hash: string
      expiresAt: Date
    }): Promise<void> {
      await db.query(
        `INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, expires_at) VALUES ($1, $2, $3, $4, $5)`,
        [row.id, row.userId, row.familyId, row.hash, row.expiresAt],
      )
    },

    async findRefresh(hash: string): Promise<RefreshRow | null> {
      const rows = await db.query<RefreshRow>(
        `SELECT id, user_id, family_id, expires_at, rotated_at, revoked_at FROM refresh_tokens WHERE token_hash = $1`,
        [hash],
      )
      return rows[0] ?? null
    },

    /** Marks a token rotated; false when someone else rotated (or revoked) it first. */
    async claimRotation(id: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE refresh_tokens SET rotated_at = now() WHERE id = $1 AND rotated_at IS NULL AND revoked_at IS NULL RETURNING id`,
        [id],
      )
      return rows.length === 1
    },

    async revokeFamily(familyId: string): Promise<void> {
      await db.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL`, [
        familyId,
      ])
    },

    /** Records a Telegram payload as used; false when it was used before (a replay). */
    async claimTelegramPayload(hash: string): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO telegram_login_uses (hash) VALUES ($1) ON CONFLICT DO NOTHING RETURNING hash`,
        [hash.toLowerCase()],
      )
      return rows.length === 1
    },
  }
}
