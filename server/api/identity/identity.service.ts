import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { DEFAULT_LOCALE, isLocaleCode, localizePath } from '../../../shared/locales.ts'
import { AppError } from '../../lib/errors.ts'
import type { VerifiedIdentity } from '../../integrations/identity/id-token.ts'
import type { Mailer } from '../../integrations/mail/mailer.ts'
import type { Db, Queryable } from '../db/client.ts'
import { SIGN_IN_LOCK, USER_WINDOWS } from '../rate-limit/limits.ts'
import { windowFull } from '../rate-limit/user-windows.ts'
import { identityMail, type IdentityMailKind } from './mail-templates.ts'
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts'
import { identityRepo, type CodePurpose, type IdentityRow } from './identity.repo.ts'

/** How long an e-mail link works: verification a day, password reset an hour. */
const CODE_TTL_HOURS: Record<CodePurpose, number> = { verifyEmail: 24, resetPassword: 1, signIn: 1 }

export interface IdentityAnswer {
  id_token: string
  uid: string
  email: string
  email_verified: boolean
  display_name: string | null
}

export interface IdentityOptions {
  mailer: Mailer
  /** Absolute base of the links in e-mails (PUBLIC_BASE_URL). */
  publicBaseUrl: string
  signIdToken(identity: VerifiedIdentity): Promise<string>
  /** SESSION_SECRET: the key of the known clients' hashes is derived from it. */
  secret: string
  /** Where a notice that could not be mailed is logged. */
  log: FastifyBaseLogger
}

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex')
export const normalizeEmail = (email: string) => email.trim().toLowerCase()

/**
 * The built-in e-mail identity provider (docs/decisions/016-email-sign-in.md): the same contract as Firebase's password
 * sign-in — it answers an ID token that POST /auth/email-login verifies — with verification,
 * reset and sign-in links to /auth/action?mode=…&oobCode=… sent through the mailer.
 */
export function identityService(db: Db, options: IdentityOptions) {
  const repo = identityRepo(db)
  // an address is kept only as an HMAC: the table alone does not tell where anyone signs in from
  const clientKey = createHmac('sha256', options.secret).update('khaneh sign-in known clients v1').digest()
  const hashClient = (client: string) => createHmac('sha256', clientKey).update(client).digest('base64url')
  /** Lockout notices on their way: the answer never waits for them (its time would tell the account exists). */
  const notices = new Set<Promise<void>>()

  async function answer(row: IdentityRow): Promise<IdentityAnswer> {
    const id_token = await options.signIdToken({
      uid: row.uid,
      email: row.email,
      emailVerified: row.email_verified,
      name: row.display_name,
    })
    return {
      id_token,
      uid: row.uid,
      email: row.email,
      email_verified: row.email_verified,
      display_name: row.display_name,
    }
  }

  /** A new single-use code of this purpose for the identity, stored by its hash. */
  async function storeCode(q: Queryable, row: IdentityRow, purpose: CodePurpose): Promise<string> {
    const code = randomBytes(32).toString('base64url')
    await identityRepo(q).insertCode({
      hash: hashCode(code),
      uid: row.uid,
      purpose,
      expiresAt: new Date(Date.now() + CODE_TTL_HOURS[purpose] * 3_600_000),
    })
    return code
  }

  /** The code's link, mailed to the identity as `mail` (the link's own e-mail unless told). */
  async function mailCode(row: IdentityRow, purpose: CodePurpose, code: string, mail: IdentityMailKind = purpose) {
    const hours = CODE_TTL_HOURS[purpose]
    const locale = isLocaleCode(row.language) ? row.language : DEFAULT_LOCALE
    const link = `${options.publicBaseUrl}${localizePath('/auth/action', locale)}?mode=${purpose}&oobCode=${code}`
    await options.mailer.send({ to: row.email, ...identityMail(mail, locale, link, hours) })
  }

  /**
   * A new single-use link mailed to the identity; when the hourly allowance of its kind is spent
   * (USER_WINDOWS.emailLinks), none, and how long until one fits.
   */
  async function sendCode(row: IdentityRow, purpose: CodePurpose): Promise<{ retryAfterS: number } | null> {
    const stored = await db.transaction(async (tx) => {
      const full = await windowFull(
        tx,
        { table: 'identity_codes', owner: { uid: row.uid, purpose } },
        USER_WINDOWS.emailLinks,
      )
      return full ?? { code: await storeCode(tx, row, purpose) }
    })
    if (!('code' in stored)) return stored
    await mailCode(row, purpose, stored.code)
    return null
  }

  /** Tells the owner of `email`, if any, that the ceiling paused password sign-in, with a sign-in link beyond the hourly allowance (once an episode). */
  function tellOwner(email: string): void {
    const notice = (async () => {
      const row = await repo.findByEmail(email)
      if (row) await mailCode(row, 'signIn', await storeCode(db, row, 'signIn'), 'signInPaused')
    })().catch((err: unknown) => options.log.warn({ err }, 'identity.lockout_notice_failed'))
    notices.add(notice)
    void notice.finally(() => notices.delete(notice))
  }

  /**
   * Counts the attempt as a failure up front (SIGN_IN_LOCK), or refuses it while the e-mail is
   * paused for this client, or for every client the identity never signed in from.
   */
  async function reserveAttempt(email: string, client: string): Promise<string> {
    const attempt = await db.transaction((tx) =>
      identityRepo(tx).reserveAttempt({ email, client, clientHash: hashClient(client) }, SIGN_IN_LOCK),
    )
    if ('id' in attempt) return attempt.id
    if (attempt.episodeBegins) tellOwner(email)
    const retryAfterS = Math.ceil(attempt.retryAfterMs / 1000)
    throw new AppError('RATE_LIMITED', 'Too many failed sign-ins; try again later', {
      reason: 'too_many_attempts',
      retry_after_s: retryAfterS,
    })
  }

  const invalidCode = () =>
    new AppError('VALIDATION_ERROR', 'This link is invalid, expired or already used', [
      { path: 'oob_code', code: 'invalid_code', message: 'is invalid, expired or used' },
    ])

  return {
    async signUp(input: {
      email: string
      password: string
      display_name?: string
      language?: string
    }): Promise<IdentityAnswer> {
      const email = normalizeEmail(input.email)
      const row = await repo.insert({
        uid: randomUUID(),
        email,
        password_hash: await hashPassword(input.password),
        display_name: input.display_name?.trim() || null,
        language: isLocaleCode(input.language) ? input.language : DEFAULT_LOCALE,
      })
      if (!row)
        throw new AppError('CONFLICT', 'An account with this e-mail already exists', { reason: 'email_already_in_use' })
      await sendCode(row, 'verifyEmail')
      return answer(row)
    },

    /**
     * Password sign-in from `client` (its address); wrong password and unknown e-mail are one
     * answer, in the same time. Failures pause the e-mail for that client only, up to a higher
     * ceiling for every client the identity never signed in from (SIGN_IN_LOCK); past it the owner
     * still gets in from a known client or by an e-mailed link, so a stranger cannot lock them out.
     */
    async signIn(input: { email: string; password: string }, client: string): Promise<IdentityAnswer> {
      const email = normalizeEmail(input.email)
      const attempt = await reserveAttempt(email, client)
      let ok: boolean
      let row: IdentityRow | null
      try {
        row = await repo.findByEmail(email)
        ok = row
          ? await verifyPassword(input.password, row.password_hash)
          : (await burnPasswordCheck(input.password), false)
      } catch (err) {
        // never checked (busy, or a failure of ours): not the client's failure
        await repo.forgetAttempt(attempt).catch(() => {})
        throw err
      }
      if (!row || !ok)
        throw new AppError('UNAUTHENTICATED', 'Wrong e-mail or password', { reason: 'invalid_credentials' })
      await repo.clearClientFailures(email, client)
      await repo.rememberClient(row.uid, hashClient(client))
      return answer(row)
    },

    /** Mails a single-use sign-in link; always the same answer, so the form never tells whether an e-mail has an account. */
    async sendSignInLink(input: { email: string }): Promise<{ sent: true }> {
      const row = await repo.findByEmail(normalizeEmail(input.email))
      if (row) await sendCode(row, 'signIn')
      return { sent: true }
    },

    /**
     * Uses a sign-in link once, from `client`: it proves the mailbox (the e-mail is verified), and
     * the client becomes known, as after a right password. The lock does not apply: the link is
     * the way in while strangers keep the e-mail paused.
     */
    async signInWithCode(code: string, client: string): Promise<IdentityAnswer> {
      const row = await db.transaction(async (tx) => {
        const txRepo = identityRepo(tx)
        const uid = await txRepo.useCode(hashCode(code), 'signIn')
        if (!uid) return null
        await txRepo.markVerified(uid)
        const found = await txRepo.findByUid(uid)
        if (!found) return null
        await txRepo.clearClientFailures(found.email, client)
        await txRepo.rememberClient(uid, hashClient(client))
        return found
      })
      if (!row) throw invalidCode()
      return answer(row)
    },

    /** Sends the verification link again to the bearer of a valid ID token. */
    async resendVerification(identity: VerifiedIdentity): Promise<{ sent: boolean; already_verified: boolean }> {
      const row = await repo.findByUid(identity.uid)
      if (!row) throw new AppError('UNAUTHENTICATED', 'Invalid e-mail sign-in token')
      if (row.email_verified) return { sent: false, already_verified: true }
      const full = await sendCode(row, 'verifyEmail')
      if (full) {
        throw new AppError('RATE_LIMITED', 'Too many e-mails sent; try again later', {
          reason: 'too_many_emails',
          retry_after_s: full.retryAfterS,
        })
      }
      return { sent: true, already_verified: false }
    },

    /** Always the same answer, so the form never tells whether an e-mail has an account. */
    async sendPasswordReset(input: { email: string }): Promise<{ sent: true }> {
      const row = await repo.findByEmail(normalizeEmail(input.email))
      if (row) await sendCode(row, 'resetPassword')
      return { sent: true }
    },

    /** What a link is for, without using it (the action page shows the right form). */
    async checkCode(code: string): Promise<{ mode: CodePurpose; email: string }> {
      const found = await repo.peekCode(hashCode(code))
      if (!found) throw invalidCode()
      return { mode: found.purpose, email: found.email }
    },

    /** Uses a link once: verifies the e-mail, or sets the new password (which also proves the mailbox). */
    async applyCode(input: {
      mode: Exclude<CodePurpose, 'signIn'>
      oob_code: string
      new_password?: string
    }): Promise<{ mode: CodePurpose; email: string }> {
      if (input.mode === 'resetPassword' && !input.new_password) {
        throw new AppError('VALIDATION_ERROR', 'The request is not valid', [
          { path: 'new_password', code: 'too_small', message: 'is required' },
        ])
      }
      const passwordHash = input.new_password ? await hashPassword(input.new_password) : null
      const email = await db.transaction(async (tx) => {
        const txRepo = identityRepo(tx)
        const uid = await txRepo.useCode(hashCode(input.oob_code), input.mode)
        if (!uid) return null
        await txRepo.markVerified(uid)
        if (input.mode === 'resetPassword' && passwordHash) {
          await txRepo.setPassword(uid, passwordHash)
          await txRepo.retireCodes(uid, 'resetPassword')
          await txRepo.revokeSessions(uid)
        }
        const row = await txRepo.findByUid(uid)
        if (row) await txRepo.clearFailures(row.email)
        return row?.email ?? null
      })
      if (!email) throw invalidCode()
      return { mode: input.mode, email }
    },

    /** Waits for the lockout notices on their way (the API's close). */
    async settle(): Promise<void> {
      while (notices.size > 0) await Promise.all(notices)
    },
  }
}
export type IdentityService = ReturnType<typeof identityService>
