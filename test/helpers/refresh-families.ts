import type { Db } from '../../server/api/db/client.ts'
import { hashRefreshToken } from '../../server/api/plugins/access-tokens.ts'

/** The tokens of the sign-in this refresh token belongs to: how many, and how many are not revoked. */
export async function refreshFamily(db: Db, token: string): Promise<{ n: number; live: number }> {
  const [row] = await db.query<{ n: number; live: number }>(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE revoked_at IS NULL)::int AS live FROM refresh_tokens
      WHERE family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1)`,
    [hashRefreshToken(token)],
  )
  return row!
}

/** Moves the rotations of this token's family back in time, as if `ms` had passed since. */
export async function ageRotations(db: Db, token: string, ms: number): Promise<void> {
  await db.query(
    `UPDATE refresh_tokens SET rotated_at = rotated_at - $2::integer * interval '1 millisecond'
      WHERE family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1)`,
    [hashRefreshToken(token), ms],
  )
}
