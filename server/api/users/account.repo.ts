import { randomBytes } from 'node:crypto'
import { SIGNUP_AI_CREDITS } from '../../../shared/plans.ts'
import type { Queryable } from '../db/client.ts'

export interface UserRow {
  id: number
  telegram_id: string | number | null
  first_name: string
  last_name: string | null
  username: string | null
  photo_url: string | null
  language: string
  role: 'user' | 'admin'
  premium_until: Date | null
  ai_credits: number
  free_boosts: number
  referral_code: string
  phone_number: string | null
  phone_verified: boolean
  email: string | null
  email_verified: boolean
  auth_method: string
  created_at: Date
  updated_at: Date
}

const COLUMNS = `id, telegram_id::float8 AS telegram_id, first_name, last_name, username, photo_url, language, role, premium_until,
  ai_credits, free_boosts, referral_code, phone_number, phone_verified, email, email_verified, auth_method, created_at, updated_at`

const EDITABLE = new Set(['first_name', 'last_name', 'username', 'language'])

/** A Telegram account's name as Telegram shows it: first and last name. */
export const telegramName = (firstName: string, lastName?: string | null) =>
  [firstName, lastName].filter(Boolean).join(' ').trim() || null

/** A referral code people can read out: 8 characters without look-alikes. */
function referralCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  return Array.from(randomBytes(8), (b) => alphabet[b % alphabet.length]).join('')
}

/** SQL of user accounts: sign-in lookups and creation, the profile, the dashboard counts, roles and deletion. */
export function accountRepo(db: Queryable) {
  return {
    /** A live (not deleted) user. */
    async findById(id: number): Promise<UserRow | null> {
      return (
        (await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1 AND deleted_at IS NULL`, [id]))[0] ?? null
      )
    },

    /** Creates the user of a Telegram id on first sign-in, or refreshes the names Telegram sent. */
    async upsertTelegram(fields: {
      telegramId: number
      firstName: string
      lastName?: string
      username?: string
      photoUrl?: string
      admin: boolean
    }): Promise<UserRow> {
      const [row] = await db.query<UserRow>(
        `INSERT INTO users (telegram_id, first_name, last_name, username, photo_url, auth_method, role, referral_code, ai_credits,
           telegram_username, telegram_name)
         VALUES ($1, $2, $3, $4, $5, 'telegram', CASE WHEN $6 THEN 'admin' ELSE 'user' END, $7, $8, $4, $9)
         ON CONFLICT (telegram_id) DO UPDATE SET
           first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, username = EXCLUDED.username,
           photo_url = EXCLUDED.photo_url, role = CASE WHEN $6 THEN 'admin' ELSE users.role END,
           telegram_username = EXCLUDED.telegram_username, telegram_name = EXCLUDED.telegram_name, updated_at = now()
         RETURNING ${COLUMNS}`,
        [
          fields.telegramId,
          fields.firstName,
          fields.lastName ?? null,
          fields.username ?? null,
          fields.photoUrl ?? null,
          fields.admin,
          referralCode(),
          SIGNUP_AI_CREDITS,
          telegramName(fields.firstName, fields.lastName),
        ],
      )
      return row!
    },

    /** The dashboard's counts: own listings by status (removed ones left out) and favourites. */
    async summaryCounts(id: number): Promise<{ listings: Record<string, number>; favorites: number }> {
      const [statuses, favorites] = await Promise.all([
        db.query<{ status: string; n: number }>(
          `SELECT status, count(*)::int AS n FROM listings WHERE owner_id = $1 AND status <> 'removed' GROUP BY status`,
          [id],
        ),
        db.query<{ n: number }>(`SELECT count(*)::int AS n FROM favorites WHERE user_id = $1`, [id]),
      ])
      return { listings: Object.fromEntries(statuses.map((r) => [r.status, r.n])), favorites: favorites[0]?.n ?? 0 }
    },

    /** The live user tied to an e-mail identity (built-in or Firebase uid). */
    async findByEmailUid(uid: string): Promise<UserRow | null> {
      return (
        (
          await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE email_uid = $1 AND deleted_at IS NULL`, [uid])
        )[0] ?? null
      )
    },

    /**
     * A live user whose e-mail is verified and not yet tied to another identity: a verified sign-in
     * with the same address is the same mailbox owner (an unverified one never gets here).
     */
    async findClaimableByVerifiedEmail(email: string, uid: string): Promise<UserRow | null> {
      const rows = await db.query<UserRow>(
        `SELECT ${COLUMNS} FROM users WHERE lower(email) = $1 AND email_verified AND (email_uid IS NULL OR email_uid = $2) AND deleted_at IS NULL`,
        [email, uid],
      )
      return rows[0] ?? null
    },

    /** Ties the identity to the user and, for an admin e-mail (ADMIN_EMAILS), grants the role. */
    async attachEmailIdentity(id: number, uid: string, admin: boolean): Promise<UserRow> {
      const [row] = await db.query<UserRow>(
        `UPDATE users SET email_uid = $2, role = CASE WHEN $3 THEN 'admin' ELSE role END, updated_at = now()
          WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, uid, admin],
      )
      return row!
    },

    /** The account of a verified e-mail identity; null when the e-mail or identity already has one (also when racing). */
    async insertEmailUser(fields: {
      uid: string
      email: string
      firstName: string
      lastName: string | null
      phoneNumber: string | null
      language: string
      referredByCode: string | null
      admin: boolean
    }): Promise<UserRow | null> {
      const rows = await db.query<UserRow>(
        `INSERT INTO users (email, email_verified, email_uid, first_name, last_name, phone_number, language, auth_method, role, referral_code, referred_by_code, ai_credits)
         VALUES ($1, true, $2, $3, $4, $5, $6, 'email', CASE WHEN $7 THEN 'admin' ELSE 'user' END, $8, $9, $10)
         ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
        [
          fields.email,
          fields.uid,
          fields.firstName,
          fields.lastName,
          fields.phoneNumber,
          fields.language,
          fields.admin,
          referralCode(),
          fields.referredByCode,
          SIGNUP_AI_CREDITS,
        ],
      )
      return rows[0] ?? null
    },

    /** The linked Telegram account's own username and name (null when none is linked). */
    async telegramAccount(id: number): Promise<{ username: string | null; name: string | null } | null> {
      const [row] = await db.query<{ telegram_username: string | null; telegram_name: string | null }>(
        `SELECT telegram_username, telegram_name FROM users WHERE id = $1 AND telegram_id IS NOT NULL AND deleted_at IS NULL`,
        [id],
      )
      return row ? { username: row.telegram_username, name: row.telegram_name } : null
    },

    /** Locks the live user's row for a change of the whole account; false when there is none. */
    async lockLive(id: number): Promise<boolean> {
      return (
        (await db.query(`SELECT id FROM users WHERE id = $1 AND deleted_at IS NULL FOR NO KEY UPDATE`, [id])).length > 0
      )
    },

    /**
     * The account deleted: listings removed (contacts erased), favourites, alerts, notifications, push
     * subscriptions and sessions ended, its built-in e-mail identity and sign-in traces gone, every
     * personal field erased.
     */
    async erase(id: number): Promise<void> {
      await db.query(`UPDATE listings SET status = 'removed', contact = NULL, updated_at = now() WHERE owner_id = $1`, [
        id,
      ])
      await db.query(`DELETE FROM favorites WHERE user_id = $1`, [id])
      // saved searches, their inbox, undelivered messages and push subscriptions (docs/decisions/020-alerts-and-outbox.md)
      await db.query(`DELETE FROM alerts WHERE user_id = $1`, [id])
      await db.query(`DELETE FROM notifications WHERE user_id = $1`, [id])
      await db.query(`DELETE FROM notification_outbox WHERE user_id = $1`, [id])
      await db.query(`DELETE FROM push_subscriptions WHERE user_id = $1`, [id])
      // the AI preferences (budget, cities, gender) are personal (docs/decisions/021-ai-search-and-credits.md)
      await db.query(`DELETE FROM ai_preferences WHERE user_id = $1`, [id])
      // the families first: a rotation racing this waits, then its token is revoked too (docs/decisions/001-cookie-sessions-and-refresh-grace.md)
      await db.query(`UPDATE refresh_families SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [id])
      await db.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [id])
      // links of unfinished Telegram linking and phone codes name the person too
      await db.query(`DELETE FROM link_nonces WHERE user_id = $1`, [id])
      await db.query(`DELETE FROM phone_codes WHERE user_id = $1`, [id])
      // which contacts the reader opened
      await db.query(`DELETE FROM contact_reveals WHERE user_id = $1`, [id])
      // the built-in provider's identity of the account (its codes and known addresses go with it), and
      // what its address left in the sign-in throttles: the same e-mail and password no longer sign in
      const [tie] = await db.query<{ email_uid: string | null; email: string | null }>(
        `SELECT u.email_uid, coalesce(i.email, lower(u.email)) AS email
           FROM users u LEFT JOIN email_identities i ON i.uid = u.email_uid WHERE u.id = $1`,
        [id],
      )
      if (tie?.email_uid) await db.query(`DELETE FROM email_identities WHERE uid = $1`, [tie.email_uid])
      if (tie?.email) {
        await db.query(`DELETE FROM identity_sign_in_failures WHERE email = $1`, [tie.email])
        await db.query(`DELETE FROM identity_sign_in_pauses WHERE email = $1`, [tie.email])
      }
      await db.query(
        `UPDATE users SET deleted_at = now(), updated_at = now(), telegram_id = NULL, email = NULL, email_verified = false,
           email_uid = NULL, telegram_username = NULL, telegram_name = NULL, phone_number = NULL, phone_verified = false,
           first_name = '', last_name = NULL, username = NULL, photo_url = NULL
         WHERE id = $1`,
        [id],
      )
    },

    /** Sets the role of the live user with this Telegram id or e-mail; returns how many users changed. */
    async setRole(who: { telegramId: string } | { email: string }, role: 'user' | 'admin'): Promise<number> {
      const byTelegram = 'telegramId' in who
      const rows = await db.query(
        `UPDATE users SET role = $2, updated_at = now()
          WHERE deleted_at IS NULL AND ${byTelegram ? 'telegram_id = $1::bigint' : 'lower(email) = lower($1)'} AND role <> $2
          RETURNING id`,
        [byTelegram ? who.telegramId : who.email, role],
      )
      return rows.length
    },

    async updateProfile(
      id: number,
      fields: Partial<Pick<UserRow, 'first_name' | 'last_name' | 'username' | 'language'>>,
    ): Promise<UserRow | null> {
      const sets: string[] = []
      const params: unknown[] = [id]
      for (const [key, value] of Object.entries(fields)) {
        if (value === undefined || !EDITABLE.has(key)) continue
        sets.push(`${key} = $${params.push(value)}`)
      }
      if (sets.length === 0) return this.findById(id)
      const [row] = await db.query<UserRow>(
        `UPDATE users SET ${sets.join(', ')}, updated_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING ${COLUMNS}`,
        params,
      )
      return row ?? null
    },
  }
}
