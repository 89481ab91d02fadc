import type { Queryable } from '../db/client.ts'

export interface IdentityRow {
  uid: string
  email: string
  password_hash: string
  email_verified: boolean
  display_name: string | null
  language: string
}

export type CodePurpose = 'verifyEmail' | 'resetPassword' | 'signIn'

/** How long an address an identity signed in from stays known without another sign-in from it. */
const KNOWN_CLIENT_DAYS = 90

const COLUMNS = 'uid, email, password_hash, email_verified, display_name, language'

export function identityRepo(db: Queryable) {
  async function isKnownClient(email: string, clientHash: string): Promise<boolean> {
    const [row] = await db.query<{ known: boolean }>(
      `SELECT EXISTS (
         SELECT 1 FROM identity_known_clients k JOIN email_identities i USING (uid)
          WHERE i.email = $1 AND k.client_hash = $2 AND k.last_signed_in_at > now() - make_interval(days => $3)
       ) AS known`,
      [email, clientHash, KNOWN_CLIENT_DAYS],
    )
    return row!.known
  }

  /** Notes a refusal by the ceiling; true when it begins an episode (none in the last window). Under the e-mail's lock. */
  async function notePause(email: string, windowMs: number): Promise<boolean> {
    const [row] = await db.query<{ begins: boolean }>(
      `WITH before AS (
         SELECT last_refused_at > now() - make_interval(secs => $2::float8 / 1000) AS ongoing
           FROM identity_sign_in_pauses WHERE email = $1
       ), noted AS (
         INSERT INTO identity_sign_in_pauses (email, last_refused_at) VALUES ($1, now())
         ON CONFLICT (email) DO UPDATE SET last_refused_at = greatest(identity_sign_in_pauses.last_refused_at, now())
         RETURNING 1
       )
       SELECT NOT coalesce((SELECT ongoing FROM before), false) AS begins FROM noted`,
      [email, windowMs],
    )
    return row!.begins
  }

  return {
    /**
     * Forgets what no rule reads any more: failures and pauses older than the sign-in window, addresses
     * not signed in from for KNOWN_CLIENT_DAYS, links a day past their expiry. How many rows went.
     */
    async sweep(windowMs: number): Promise<number> {
      const window = 'make_interval(secs => $1::float8 / 1000)'
      const deleted = await Promise.all([
        db.query(`DELETE FROM identity_sign_in_failures WHERE failed_at <= now() - ${window} RETURNING 1`, [windowMs]),
        db.query(`DELETE FROM identity_sign_in_pauses WHERE last_refused_at <= now() - ${window} RETURNING 1`, [
          windowMs,
        ]),
        db.query(
          `DELETE FROM identity_known_clients WHERE last_signed_in_at < now() - make_interval(days => $1) RETURNING 1`,
          [KNOWN_CLIENT_DAYS],
        ),
        db.query(`DELETE FROM identity_codes WHERE expires_at < now() - interval '1 day' RETURNING 1`),
      ])
      return deleted.reduce((sum, rows) => sum + rows.length, 0)
    },

    async findByEmail(email: string): Promise<IdentityRow | null> {
      return (
        (await db.query<IdentityRow>(`SELECT ${COLUMNS} FROM email_identities WHERE email = $1`, [email]))[0] ?? null
      )
    },

    async findByUid(uid: string): Promise<IdentityRow | null> {
      return (await db.query<IdentityRow>(`SELECT ${COLUMNS} FROM email_identities WHERE uid = $1`, [uid]))[0] ?? null
    },

    /** The new identity, or null when the e-mail is taken (also under a concurrent sign-up). */
    async insert(row: Omit<IdentityRow, 'email_verified'>): Promise<IdentityRow | null> {
      const rows = await db.query<IdentityRow>(
        `INSERT INTO email_identities (uid, email, password_hash, display_name, language) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (email) DO NOTHING RETURNING ${COLUMNS}`,
        [row.uid, row.email, row.password_hash, row.display_name, row.language],
      )
      return rows[0] ?? null
    },

    async markVerified(uid: string): Promise<void> {
      await db.query(`UPDATE email_identities SET email_verified = true WHERE uid = $1`, [uid])
    },

    async setPassword(uid: string, passwordHash: string): Promise<void> {
      await db.query(`UPDATE email_identities SET password_hash = $2, password_changed_at = now() WHERE uid = $1`, [
        uid,
        passwordHash,
      ])
    },

    async insertCode(row: { hash: string; uid: string; purpose: CodePurpose; expiresAt: Date }): Promise<void> {
      await db.query(`INSERT INTO identity_codes (code_hash, uid, purpose, expires_at) VALUES ($1, $2, $3, $4)`, [
        row.hash,
        row.uid,
        row.purpose,
        row.expiresAt,
      ])
    },

    /** A live code (unused, unexpired) and its identity, without using it. */
    async peekCode(hash: string): Promise<{ uid: string; purpose: CodePurpose; email: string } | null> {
      const rows = await db.query<{ uid: string; purpose: CodePurpose; email: string }>(
        `SELECT c.uid, c.purpose, i.email FROM identity_codes c JOIN email_identities i USING (uid)
         WHERE c.code_hash = $1 AND c.used_at IS NULL AND c.expires_at > now()`,
        [hash],
      )
      return rows[0] ?? null
    },

    /** Uses a live code of this purpose exactly once: the winner of two concurrent uses gets the uid. */
    async useCode(hash: string, purpose: CodePurpose): Promise<string | null> {
      const rows = await db.query<{ uid: string }>(
        `UPDATE identity_codes SET used_at = now() WHERE code_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now() RETURNING uid`,
        [hash, purpose],
      )
      return rows[0]?.uid ?? null
    },

    /** A new password ends every product session of the account tied to this identity. */
    async revokeSessions(uid: string): Promise<void> {
      // the families first: a rotation racing this waits, then its token is revoked too (docs/decisions/001-cookie-sessions-and-refresh-grace.md)
      await db.query(
        `UPDATE refresh_families SET revoked_at = now() WHERE revoked_at IS NULL AND user_id IN (SELECT id FROM users WHERE email_uid = $1)`,
        [uid],
      )
      await db.query(
        `UPDATE refresh_tokens SET revoked_at = now() WHERE revoked_at IS NULL AND user_id IN (SELECT id FROM users WHERE email_uid = $1)`,
        [uid],
      )
    },

    /** After a password reset no older reset link may be used again. */
    async retireCodes(uid: string, purpose: CodePurpose): Promise<void> {
      await db.query(`UPDATE identity_codes SET used_at = now() WHERE uid = $1 AND purpose = $2 AND used_at IS NULL`, [
        uid,
        purpose,
      ])
    },

    /**
     * Counts a sign-in attempt as failed before its password is checked, unless the e-mail is
     * paused for this client (`perClient` failures in the window) or for everyone (`perEmail`) —
     * the ceiling lets through a client the e-mail's identity signed in from before.
     * Run in a transaction: attempts at one e-mail take turns here, so concurrent guesses are
     * counted exactly. Answers the attempt's id (forgotten on success), or how long the pause
     * lasts and whether this refusal by the ceiling began a lockout episode (the owner is told).
     */
    async reserveAttempt(
      attempt: { email: string; client: string; clientHash: string },
      lock: { perClient: number; perEmail: number; windowMs: number },
    ): Promise<{ id: string } | { retryAfterMs: number; episodeBegins: boolean }> {
      await db.query(`SELECT pg_advisory_xact_lock(hashtextextended('identity_sign_in:' || $1, 0))`, [attempt.email])
      await db.query(
        `DELETE FROM identity_sign_in_failures WHERE email = $1 AND failed_at <= now() - make_interval(secs => $2::float8 / 1000)`,
        [attempt.email, lock.windowMs],
      )
      const [counts] = await db.query<{
        mine: number
        mine_nth: Date | null
        everyone: number
        everyone_nth: Date | null
      }>(
        `WITH recent AS (SELECT client, failed_at FROM identity_sign_in_failures WHERE email = $1)
         SELECT (SELECT count(*)::int FROM recent WHERE client = $2) AS mine,
                (SELECT failed_at FROM recent WHERE client = $2 ORDER BY failed_at DESC OFFSET $3 - 1 LIMIT 1) AS mine_nth,
                (SELECT count(*)::int FROM recent) AS everyone,
                (SELECT failed_at FROM recent ORDER BY failed_at DESC OFFSET $4 - 1 LIMIT 1) AS everyone_nth`,
        [attempt.email, attempt.client, lock.perClient, lock.perEmail],
      )
      // paused until the failure that reached the limit leaves the window
      const wait = (nth: Date | null) =>
        Math.max(1_000, (nth ? new Date(nth).getTime() : Date.now()) + lock.windowMs - Date.now())
      if (counts!.mine >= lock.perClient) return { retryAfterMs: wait(counts!.mine_nth), episodeBegins: false }
      // the same two statements whether or not the e-mail has an identity: the answer's time tells nothing
      if (counts!.everyone >= lock.perEmail && !(await isKnownClient(attempt.email, attempt.clientHash)))
        return {
          retryAfterMs: wait(counts!.everyone_nth),
          episodeBegins: await notePause(attempt.email, lock.windowMs),
        }
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO identity_sign_in_failures (email, client) VALUES ($1, $2) RETURNING id::text AS id`,
        [attempt.email, attempt.client],
      )
      return { id: row!.id }
    },

    /** After a successful sign-in from this client: it stays known to the identity for KNOWN_CLIENT_DAYS. */
    async rememberClient(uid: string, clientHash: string): Promise<void> {
      await db.query(
        `INSERT INTO identity_known_clients (uid, client_hash) VALUES ($1, $2)
         ON CONFLICT (uid, client_hash) DO UPDATE SET last_signed_in_at = now()`,
        [uid, clientHash],
      )
      await db.query(
        `DELETE FROM identity_known_clients WHERE uid = $1 AND last_signed_in_at < now() - make_interval(days => $2)`,
        [uid, KNOWN_CLIENT_DAYS],
      )
    },

    /** A reserved attempt that did not fail (right password, or never checked). */
    async forgetAttempt(id: string): Promise<void> {
      await db.query(`DELETE FROM identity_sign_in_failures WHERE id = $1`, [id])
    },

    /** After a successful sign-in: this client's failures for the e-mail are forgotten, not a stranger's. */
    async clearClientFailures(email: string, client: string): Promise<void> {
      await db.query(`DELETE FROM identity_sign_in_failures WHERE email = $1 AND client = $2`, [email, client])
    },

    async clearFailures(email: string): Promise<void> {
      await db.query(`DELETE FROM identity_sign_in_failures WHERE email = $1`, [email])
    },
  }
}
