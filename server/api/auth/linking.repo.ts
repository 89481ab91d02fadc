import type { Queryable } from '../db/client.ts'
import type { UserRow } from '../users/account.repo.ts'
import { referralsRepo } from '../referrals/referrals.repo.ts'

const COLUMNS = `id, telegram_id::float8 AS telegram_id, first_name, last_name, username, photo_url, language, role, premium_until,
  ai_credits, free_boosts, referral_code, phone_number, phone_verified, email, email_verified, email_uid, auth_method, created_at, updated_at,
  telegram_username, telegram_name`

export type LinkUserRow = UserRow & {
  email_uid: string | null
  telegram_username: string | null
  telegram_name: string | null
}

/** SQL of linking, unlinking and merging sign-in methods. */
export function linkingRepo(db: Queryable) {
  return {
    async insertNonce(hash: string, userId: number, expiresAt: Date): Promise<void> {
      await db.query(`INSERT INTO link_nonces (nonce_hash, user_id, expires_at) VALUES ($1, $2, $3)`, [
        hash,
        userId,
        expiresAt,
      ])
    },

    /** Uses a live nonce of this user once; false for an unknown, expired, used or foreign one. */
    async useNonce(hash: string, userId: number): Promise<boolean> {
      const rows = await db.query(
        `UPDATE link_nonces SET used_at = now() WHERE nonce_hash = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > now() RETURNING nonce_hash`,
        [hash, userId],
      )
      return rows.length === 1
    },

    /** Another live account holding this e-mail identity (by identity uid or address). */
    async otherEmailHolder(
      userId: number,
      email: string,
      uid: string,
    ): Promise<{ id: number; first_name: string } | null> {
      const rows = await db.query<{ id: number; first_name: string }>(
        `SELECT id, first_name FROM users WHERE id <> $1 AND deleted_at IS NULL AND (email_uid = $3 OR lower(email) = $2) LIMIT 1`,
        [userId, email, uid],
      )
      return rows[0] ?? null
    },

    async otherTelegramHolder(userId: number, telegramId: number): Promise<{ id: number; first_name: string } | null> {
      const rows = await db.query<{ id: number; first_name: string }>(
        `SELECT id, first_name FROM users WHERE id <> $1 AND deleted_at IS NULL AND telegram_id = $2`,
        [userId, telegramId],
      )
      return rows[0] ?? null
    },

    async liveListingsCount(userId: number): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM listings WHERE owner_id = $1 AND status <> 'removed'`,
        [userId],
      )
      return row?.n ?? 0
    },

    async findLive(id: number): Promise<LinkUserRow | null> {
      return (
        (await db.query<LinkUserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1 AND deleted_at IS NULL`, [id]))[0] ??
        null
      )
    },

    /** Sets a sign-in method only where the user has none of that kind (false: one appeared meanwhile). */
    async attachEmail(id: number, email: string, uid: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE users SET email = $2, email_uid = $3, email_verified = true, updated_at = now() WHERE id = $1 AND email IS NULL RETURNING id`,
        [id, email, uid],
      )
      return rows.length === 1
    },

    async attachTelegram(
      id: number,
      fields: { telegramId: number; username?: string; name: string | null; photoUrl?: string },
    ): Promise<boolean> {
      const rows = await db.query(
        `UPDATE users SET telegram_id = $2, username = COALESCE(username, $3), photo_url = COALESCE(photo_url, $4),
           telegram_username = $3, telegram_name = $5, updated_at = now()
          WHERE id = $1 AND telegram_id IS NULL RETURNING id`,
        [id, fields.telegramId, fields.username ?? null, fields.photoUrl ?? null, fields.name],
      )
      return rows.length === 1
    },

    async detach(id: number, method: 'email' | 'telegram', remaining: 'email' | 'telegram'): Promise<void> {
      const clear =
        method === 'email'
          ? 'email = NULL, email_uid = NULL, email_verified = false'
          : 'telegram_id = NULL, telegram_username = NULL, telegram_name = NULL'
      await db.query(`UPDATE users SET ${clear}, auth_method = $2, updated_at = now() WHERE id = $1`, [id, remaining])
    },

    /** Claims a merge token's id; false when it was used before. */
    async claimMergeToken(jti: string): Promise<boolean> {
      return (
        (await db.query(`INSERT INTO merge_token_uses (jti) VALUES ($1) ON CONFLICT DO NOTHING RETURNING jti`, [jti]))
          .length === 1
      )
    },

    /** Both accounts, locked in id order (no deadlock between two merges); only live ones come back. */
    async lockLive(ids: number[]): Promise<LinkUserRow[]> {
      await db.query(`SELECT id FROM users WHERE id = ANY($1::int[]) ORDER BY id FOR NO KEY UPDATE`, [ids])
      return db.query<LinkUserRow>(`SELECT ${COLUMNS} FROM users WHERE id = ANY($1::int[]) AND deleted_at IS NULL`, [
        ids,
      ])
    },

    async moveListings(from: number, to: number): Promise<number> {
      return (
        await db.query(`UPDATE listings SET owner_id = $2, updated_at = now() WHERE owner_id = $1 RETURNING id`, [
          from,
          to,
        ])
      ).length
    },

    /** Favourites move; a listing both had favourited stays one favourite. */
    async moveFavorites(from: number, to: number): Promise<number> {
      const moved = await db.query(
        `INSERT INTO favorites (user_id, listing_id, created_at) SELECT $2, listing_id, created_at FROM favorites WHERE user_id = $1
         ON CONFLICT DO NOTHING RETURNING listing_id`,
        [from, to],
      )
      await db.query(`DELETE FROM favorites WHERE user_id = $1`, [from])
      return moved.length
    },

    /** Saved-search alerts, their inbox and push subscriptions follow the person (docs/decisions/020-alerts-and-outbox.md); the plan's limit is applied after. */
    async moveAlerts(from: number, to: number): Promise<void> {
      await db.query(`UPDATE alerts SET user_id = $2 WHERE user_id = $1`, [from, to])
      await db.query(`UPDATE notifications SET user_id = $2 WHERE user_id = $1`, [from, to])
      await db.query(`UPDATE notification_outbox SET user_id = $2 WHERE user_id = $1`, [from, to])
      await db.query(`UPDATE push_subscriptions SET user_id = $2 WHERE user_id = $1`, [from, to])
      // AI preferences follow too, unless the surviving account has its own (docs/decisions/021-ai-search-and-credits.md)
      await db.query(
        `INSERT INTO ai_preferences (user_id, preferences, updated_at)
         SELECT $2, preferences, updated_at FROM ai_preferences WHERE user_id = $1 ON CONFLICT (user_id) DO NOTHING`,
        [from, to],
      )
      await db.query(`DELETE FROM ai_preferences WHERE user_id = $1`, [from])
    },

    /**
     * The money follows the person: payments (an idempotency key both accounts used is kept apart),
     * premium periods, opened contacts and coupon uses (one of each per listing or code). Credits,
     * boosts and premium_until come over in `absorb`.
     */
    async moveMoney(from: number, to: number): Promise<void> {
      await db.query(
        `UPDATE payments p SET user_id = $2,
           idempotency_key = CASE WHEN EXISTS (SELECT 1 FROM payments o WHERE o.user_id = $2 AND o.idempotency_key = p.idempotency_key)
                                  THEN 'merged-' || p.user_id || ':' || p.idempotency_key ELSE p.idempotency_key END
         WHERE p.user_id = $1`,
        [from, to],
      )
      await db.query(`UPDATE subscriptions SET user_id = $2 WHERE user_id = $1`, [from, to])
      await db.query(
        `INSERT INTO contact_reveals (user_id, listing_id, created_at, via, payment_id)
         SELECT $2, listing_id, created_at, via, payment_id FROM contact_reveals WHERE user_id = $1
         ON CONFLICT (user_id, listing_id) DO NOTHING`,
        [from, to],
      )
      await db.query(`DELETE FROM contact_reveals WHERE user_id = $1`, [from])
      await db.query(
        `INSERT INTO coupon_redemptions (code, user_id, payment_id, redeemed_at)
         SELECT code, $2, payment_id, redeemed_at FROM coupon_redemptions WHERE user_id = $1
         ON CONFLICT (code, user_id) DO NOTHING`,
        [from, to],
      )
      await db.query(`DELETE FROM coupon_redemptions WHERE user_id = $1`, [from])
    },

    /**
     * Referrals follow too: the merged account's referees and rewards are the survivor's. A referral
     * between the two accounts was one person referring themself, and is dropped; the survivor
     * keeps its own referrer, else takes the merged account's, and stays "referred" for good
     * (referred_at) either way; no chain of referrals closes on itself (the caller holds the graph's lock).
     */
    async moveReferrals(from: number, to: number): Promise<void> {
      await db.query(`DELETE FROM referral_rewards WHERE referee_id IN ($1, $2) AND referrer_id IN ($1, $2)`, [
        from,
        to,
      ])
      await db.query(`UPDATE referral_rewards SET referrer_id = $2 WHERE referrer_id = $1`, [from, to])
      await db.query(
        `INSERT INTO referral_rewards (referee_id, kind, referrer_id, granted_at)
         SELECT $2, kind, referrer_id, granted_at FROM referral_rewards WHERE referee_id = $1
         ON CONFLICT (referee_id, kind) DO NOTHING`,
        [from, to],
      )
      await db.query(`DELETE FROM referral_rewards WHERE referee_id = $1`, [from])
      await db.query(`UPDATE users SET referred_by = $2 WHERE referred_by = $1 AND id <> $2`, [from, to])
      await db.query(
        `UPDATE users t SET
           referred_by = CASE WHEN t.referred_at IS NOT NULL THEN t.referred_by ELSE s.referred_by END,
           referred_at = COALESCE(t.referred_at, s.referred_at)
         FROM users s WHERE t.id = $2 AND s.id = $1`,
        [from, to],
      )
      await db.query(`UPDATE users SET referred_by = NULL WHERE (id = $2 AND referred_by IN ($1, $2)) OR id = $1`, [
        from,
        to,
      ])
      // the merged account's referees now point at the survivor: if the survivor's own referrer was
      // one of them, or brought by one, the chain closes on itself; the survivor's link is the one cut
      const [survivor] = await db.query<{ referred_by: number | null }>(`SELECT referred_by FROM users WHERE id = $1`, [
        to,
      ])
      if (survivor?.referred_by != null && (await referralsRepo(db).broughtBy(survivor.referred_by, to)))
        await db.query(`UPDATE users SET referred_by = NULL WHERE id = $1`, [to])
    },

    /** The merged-away account: sessions ended, every personal field erased, pointing to the survivor. */
    async retire(from: number, into: number): Promise<void> {
      // the families first: a rotation racing this waits, then its token is revoked too (docs/decisions/001-cookie-sessions-and-refresh-grace.md)
      await db.query(`UPDATE refresh_families SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [from])
      await db.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [from])
      await db.query(
        `UPDATE users SET deleted_at = now(), merged_into = $2, updated_at = now(), telegram_id = NULL, email = NULL, email_uid = NULL,
           telegram_username = NULL, telegram_name = NULL, email_verified = false, phone_number = NULL, phone_verified = false, first_name = '', last_name = NULL, username = NULL,
           photo_url = NULL, ai_credits = 0, free_boosts = 0, premium_until = NULL
         WHERE id = $1`,
        [from, into],
      )
    },

    /** The survivor takes the credits, premium time and the sign-in methods and phone it lacked. */
    async absorb(into: number, source: LinkUserRow, premiumUntil: Date | null): Promise<LinkUserRow> {
      const [row] = await db.query<LinkUserRow>(
        `UPDATE users SET
           ai_credits = ai_credits + $2, free_boosts = free_boosts + $3, premium_until = $4,
           telegram_username = CASE WHEN telegram_id IS NULL THEN $13 ELSE telegram_username END,
           telegram_name = CASE WHEN telegram_id IS NULL THEN $14 ELSE telegram_name END,
           telegram_id = COALESCE(telegram_id, $5), username = COALESCE(username, $6), photo_url = COALESCE(photo_url, $7),
           email_verified = CASE WHEN email IS NULL THEN $9 ELSE email_verified END,
           email_uid = CASE WHEN email IS NULL THEN $10 ELSE email_uid END,
           email = COALESCE(email, $8),
           phone_verified = CASE WHEN NOT phone_verified AND $12 THEN true ELSE phone_verified END,
           phone_number = CASE WHEN NOT phone_verified AND $12 THEN $11 ELSE phone_number END,
           updated_at = now()
         WHERE id = $1 RETURNING ${COLUMNS}`,
        [
          into,
          source.ai_credits,
          source.free_boosts,
          premiumUntil,
          source.telegram_id,
          source.username,
          source.photo_url,
          source.email,
          source.email_verified,
          source.email_uid,
          source.phone_number,
          source.phone_verified,
          source.telegram_username,
          source.telegram_name,
        ],
      )
      return row!
    },
  }
}
