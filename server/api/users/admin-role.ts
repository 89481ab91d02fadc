import type { Queryable } from '../db/client.ts'

/** Grants or revokes the admin role of a user named by Telegram id or e-mail; returns how many users changed. */
export async function setAdminRole(db: Queryable, who: string, admin: boolean): Promise<number> {
  const target = who.trim()
  const byTelegram = /^\d{1,15}$/.test(target)
  if (!byTelegram && !/^[^\s@]+@[^\s@]+$/.test(target)) throw new Error(`not a Telegram id or an e-mail address: ${who}`)
  const rows = await db.query(
    `UPDATE users SET role = $2, updated_at = now()
      WHERE deleted_at IS NULL AND ${byTelegram ? 'telegram_id = $1::bigint' : 'lower(email) = lower($1)'} AND role <> $2
      RETURNING id`,
    [target, admin ? 'admin' : 'user'],
  )
  return rows.length
}
