import type { Queryable } from '../db/client.ts'

export interface PhoneCodeRow {
  id: number
  phone: string
  code_hash: string
  attempts: number
  used: boolean
  expired: boolean
}

/** Times come from the database clock (now()), the same one tests move codes on. */
export function phoneRepo(db: Queryable) {
  return {
    /** Locks the live user's row, so one user's sends and checks run one at a time; false when there is none. */
    async lockUser(userId: number): Promise<{ language: string } | null> {
      const rows = await db.query<{ language: string }>(
        `SELECT language FROM users WHERE id = $1 AND deleted_at IS NULL FOR NO KEY UPDATE`,
        [userId],
      )
      return rows[0] ?? null
    },

    /** A new code; codes older than a day are dropped, as nothing counts them any more. */
    async insertCode(row: { userId: number; phone: string; codeHash: string; ttlS: number }): Promise<number> {
      await db.query(`DELETE FROM phone_codes WHERE user_id = $1 AND created_at < now() - interval '1 day'`, [
        row.userId,
      ])
      const [inserted] = await db.query<{ id: number }>(
        `INSERT INTO phone_codes (user_id, phone, code_hash, expires_at) VALUES ($1, $2, $3, now() + $4::int * interval '1 second') RETURNING id`,
        [row.userId, row.phone, row.codeHash, row.ttlS],
      )
      return inserted!.id
    },

    async deleteCode(id: number): Promise<void> {
      await db.query(`DELETE FROM phone_codes WHERE id = $1`, [id])
    },

    /** The user's newest code, locked for this transaction: sending a new code retires the older ones. */
    async latestForUpdate(userId: number): Promise<PhoneCodeRow | null> {
      const rows = await db.query<PhoneCodeRow>(
        `SELECT id, phone, code_hash, attempts, used_at IS NOT NULL AS used, expires_at <= now() AS expired
           FROM phone_codes WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1 FOR NO KEY UPDATE`,
        [userId],
      )
      return rows[0] ?? null
    },

    async recordWrongAttempt(id: number): Promise<number> {
      const [row] = await db.query<{ attempts: number }>(
        `UPDATE phone_codes SET attempts = attempts + 1 WHERE id = $1 RETURNING attempts`,
        [id],
      )
      return row?.attempts ?? 0
    },

    async markUsed(id: number): Promise<void> {
      await db.query(`UPDATE phone_codes SET used_at = now() WHERE id = $1`, [id])
    },

    /** Whether another live account has this number verified. */
    async verifiedByOther(userId: number, phone: string): Promise<boolean> {
      const rows = await db.query(
        `SELECT 1 FROM users WHERE phone_number = $1 AND phone_verified AND deleted_at IS NULL AND id <> $2`,
        [phone, userId],
      )
      return rows.length > 0
    },

    async setVerifiedPhone(userId: number, phone: string): Promise<void> {
      await db.query(
        `UPDATE users SET phone_number = $2, phone_verified = true, updated_at = now() WHERE id = $1 AND deleted_at IS NULL`,
        [userId, phone],
      )
    },
  }
}
