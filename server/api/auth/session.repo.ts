import type { Queryable } from '../db/client.ts'

export interface RefreshRow {
  id: string
  user_id: number
  family_id: string
  expires_at: Date
  rotated_at: Date | null
  revoked_at: Date | null
  /** The hash of the token it was rotated to, if it was. */
  successor_hash: string | null
  /** Rotated less than the grace ago (by the database's clock, the same for every process). */
  in_grace: boolean
}

export function sessionRepo(db: Queryable) {
  return {
    /** A new refresh family: one sign-in, whose tokens are rotated and revoked together. */
    async insertFamily(id: string, userId: number): Promise<void> {
      await db.query(`INSERT INTO refresh_families (id, user_id) VALUES ($1, $2)`, [id, userId])
    },

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

    /**
     * Locks the family of the token with this hash until the transaction ends: its rotations and
     * revocations take turns, whichever process runs them. Null for an unknown token.
     */
    async lockFamilyOf(hash: string): Promise<{ id: string; revoked: boolean } | null> {
      const rows = await db.query<{ id: string; revoked: boolean }>(
        `SELECT id, revoked_at IS NOT NULL AS revoked FROM refresh_families
          WHERE id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1) FOR UPDATE`,
        [hash],
      )
      return rows[0] ?? null
    },

    /** The token with this hash, read after its family's lock (a new snapshot: what a rotation just committed is seen). */
    async findRefresh(hash: string, graceMs: number): Promise<RefreshRow | null> {
      const rows = await db.query<RefreshRow>(
        `SELECT t.id, t.user_id, t.family_id, t.expires_at, t.rotated_at, t.revoked_at, s.token_hash AS successor_hash,
                coalesce(t.rotated_at > clock_timestamp() - $2::integer * interval '1 millisecond', false) AS in_grace
           FROM refresh_tokens t LEFT JOIN refresh_tokens s ON s.id = t.successor_id
          WHERE t.token_hash = $1`,
        [hash, graceMs],
      )
      return rows[0] ?? null
    },

    /** Marks a token rotated to its successor, from this moment (the grace's start). */
    async markRotated(id: string, successorId: string): Promise<void> {
      await db.query(`UPDATE refresh_tokens SET rotated_at = clock_timestamp(), successor_id = $2 WHERE id = $1`, [
        id,
        successorId,
      ])
    },

    /**
     * Ends a family: the family first, which waits for a rotation holding its lock, so the token that
     * rotation adds is among those revoked next (a later statement sees it) or is never added.
     */
    async revokeFamily(familyId: string): Promise<void> {
      await db.query(`UPDATE refresh_families SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`, [familyId])
      await db.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL`, [
        familyId,
      ])
    },

    /** The family of the token with this hash, if it is one. */
    async findFamilyOf(hash: string): Promise<string | null> {
      const rows = await db.query<{ family_id: string }>(`SELECT family_id FROM refresh_tokens WHERE token_hash = $1`, [
        hash,
      ])
      return rows[0]?.family_id ?? null
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
