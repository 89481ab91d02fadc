import { randomUUID } from 'node:crypto'
import { DEFAULT_LOCALE } from '../../../shared/locales.ts'
import type { User } from '../../../shared/schemas/user.ts'
import { AppError } from '../../lib/errors.ts'
import type { IdTokenVerifier } from '../../integrations/identity/id-token.ts'
import type { Db } from '../db/client.ts'
import type { UserRow } from '../users/account.repo.ts'
import { accountRepo } from '../users/account.repo.ts'
import { toUser } from '../users/account.service.ts'
import { referralsService } from '../referrals/referrals.service.ts'
import { sessionRepo } from './session.repo.ts'
import { checkTelegramLogin, TELEGRAM_REFUSALS } from './telegram.ts'
import { verifiedEmailIdentity } from './verified-identity.ts'
import { hashRefreshToken, newRefreshToken, type AccessTokens } from '../plugins/access-tokens.ts'

/** The refresh cookie lives 30 days; the token behind it the same (docs/decisions/001-cookie-sessions-and-refresh-grace.md). */
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000
/** A rotated token presented again this soon gets its successor again: the rest of a page's burst (docs/decisions/001-cookie-sessions-and-refresh-grace.md). */
export const REFRESH_GRACE_MS = 5_000

export interface SessionOptions {
  tokens: AccessTokens
  /** The successor of a refresh token, the same in every process (`refreshSuccessors(SESSION_SECRET)`). */
  successorOf: (token: string) => { token: string; hash: string }
  telegramBotToken?: string
  adminTelegramIds: ReadonlySet<string>
  /** Checks e-mail ID tokens (firebase-admin or the built-in provider). */
  idTokens?: IdTokenVerifier
  adminEmails?: ReadonlySet<string>
}

export interface EmailSignUp {
  first_name: string
  last_name?: string
  phone_number?: string
  language_code?: string
  referral_code?: string
}

export interface Session {
  token: string
  access_token: string
  refresh_token: string
  user: User
}

export function sessionService(db: Db, options: SessionOptions) {
  const repo = sessionRepo(db)
  const users = accountRepo(db)
  const referrals = referralsService(db)

  /** The answer of a sign-in or a refresh: the user's access token with this refresh token. */
  async function session(user: UserRow, refreshToken: string): Promise<Session> {
    const token = await options.tokens.sign({ userId: user.id, role: user.role })
    return { token, access_token: token, refresh_token: refreshToken, user: toUser(user) }
  }

  /** A new session: a new refresh family and its first token. */
  async function issue(user: UserRow): Promise<Session> {
    const refresh = newRefreshToken()
    const familyId = randomUUID()
    await repo.insertFamily(familyId, user.id)
    await repo.insertRefresh({
      id: randomUUID(),
      userId: user.id,
      familyId,
      hash: refresh.hash,
      expiresAt: new Date(Date.now() + REFRESH_TTL_MS),
    })
    return session(user, refresh.token)
  }

  /**
   * The rotation of a refresh token, decided in one transaction under its family's lock, so that
   * concurrent refreshes on any processes converge on one successor and a revocation covers it.
   */
  function rotate(refreshToken: string): Promise<{ userId: number; refresh: string } | { refused: string }> {
    const hash = hashRefreshToken(refreshToken)
    return db.transaction(async (tx) => {
      const locked = sessionRepo(tx)
      const family = await locked.lockFamilyOf(hash)
      const row = family && (await locked.findRefresh(hash, REFRESH_GRACE_MS))
      if (!family || !row) return { refused: 'Invalid refresh token' }
      if (family.revoked || row.revoked_at) return { refused: 'Session ended' }
      const successor = options.successorOf(refreshToken)
      if (row.rotated_at) {
        // the rest of a burst, on whichever process it lands; later, or with another successor, it leaked
        if (row.in_grace && row.successor_hash === successor.hash)
          return { userId: row.user_id, refresh: successor.token }
        await locked.revokeFamily(row.family_id)
        return { refused: 'Refresh token reused; the session was ended' }
      }
      if (new Date(row.expires_at).getTime() <= Date.now()) {
        await locked.revokeFamily(row.family_id)
        return { refused: 'Session expired' }
      }
      const successorId = randomUUID()
      await locked.insertRefresh({
        id: successorId,
        userId: row.user_id,
        familyId: row.family_id,
        hash: successor.hash,
        expiresAt: new Date(Date.now() + REFRESH_TTL_MS),
      })
      await locked.markRotated(row.id, successorId)
      return { userId: row.user_id, refresh: successor.token }
    })
  }

  const verifiedIdentity = (idToken: string, claimedEmail?: string) =>
    verifiedEmailIdentity(options.idTokens, idToken, claimedEmail)

  const isAdminEmail = (email: string) => options.adminEmails?.has(email) ?? false

  return {
    /**
     * POST /auth/email-login: the account of a verified e-mail identity — made on its first sign-in
     * from the body's names, phone and language (else the identity's name, else the address), so a
     * first sign-in is no failed call (docs/decisions/016-email-sign-in.md).
     */
    async emailLogin(
      body: Omit<EmailSignUp, 'first_name' | 'referral_code'> & {
        firebase_token: string
        email?: string
        first_name?: string
      },
    ): Promise<Session> {
      const identity = await verifiedIdentity(body.firebase_token, body.email)
      const find = async () =>
        (await users.findByEmailUid(identity.uid)) ??
        (await users.findClaimableByVerifiedEmail(identity.email, identity.uid))
      const user = await find()
      if (user) return issue(await users.attachEmailIdentity(user.id, identity.uid, isAdminEmail(identity.email)))
      const [first, ...rest] = (identity.name ?? '').trim().split(/\s+/)
      const made =
        (await users.insertEmailUser({
          uid: identity.uid,
          email: identity.email,
          firstName: body.first_name?.trim() || first || identity.email.split('@')[0] || identity.email,
          lastName: body.first_name?.trim() ? body.last_name?.trim() || null : rest.join(' ') || null,
          phoneNumber: body.phone_number?.trim() || null,
          language: body.language_code ?? DEFAULT_LOCALE,
          referredByCode: null,
          admin: isAdminEmail(identity.email),
        })) ?? (await find()) // a concurrent first sign-in of the same identity made it
      if (!made)
        throw new AppError('CONFLICT', 'An account for this e-mail already exists', { reason: 'account_exists' })
      return issue(made)
    },

    /** POST /auth/create-user: the account for a verified identity on first e-mail sign-up (409 when one exists). */
    async createUser(body: EmailSignUp & { firebase_token: string }): Promise<Session> {
      const identity = await verifiedIdentity(body.firebase_token)
      const referredByCode = body.referral_code?.trim() || null
      const existing =
        (await users.findByEmailUid(identity.uid)) ??
        (await users.findClaimableByVerifiedEmail(identity.email, identity.uid))
      const user = existing
        ? null
        : await users.insertEmailUser({
            uid: identity.uid,
            email: identity.email,
            firstName: body.first_name,
            lastName: body.last_name?.trim() || null,
            phoneNumber: body.phone_number?.trim() || null,
            language: body.language_code ?? DEFAULT_LOCALE,
            referredByCode,
            admin: isAdminEmail(identity.email),
          })
      if (!user)
        throw new AppError('CONFLICT', 'An account for this e-mail already exists', { reason: 'account_exists' })
      // the code given at sign-up counts through the rule of POST /referrals/signup
      if (await referrals.signupCode(user.id, referredByCode)) return issue((await users.findById(user.id))!)
      return issue(user)
    },

    /** GET /auth/session: the signed-in user; a token of a deleted user is no session (401). */
    async viewer(userId: number) {
      const user = await users.findById(userId)
      if (!user) throw new AppError('UNAUTHENTICATED')
      return toUser(user)
    },

    /** POST /auth/telegram-login: a valid, fresh, first-time Login Widget payload signs the user in (creating them). */
    async telegramLogin(data: Record<string, unknown>): Promise<Session> {
      if (!options.telegramBotToken) throw new AppError('SERVICE_UNAVAILABLE', 'Telegram sign-in is not configured')
      const check = checkTelegramLogin(data, options.telegramBotToken)
      if (!check.ok) throw new AppError('UNAUTHENTICATED', TELEGRAM_REFUSALS[check.reason], { reason: check.reason })
      if (!(await repo.claimTelegramPayload(String(data.hash)))) {
        throw new AppError('UNAUTHENTICATED', 'Telegram login data was already used', { reason: 'replayed' })
      }
      const telegramId = Number(data.id)
      const user = await users.upsertTelegram({
        telegramId,
        firstName: String(data.first_name),
        lastName: typeof data.last_name === 'string' ? data.last_name : undefined,
        username: typeof data.username === 'string' ? data.username : undefined,
        photoUrl: typeof data.photo_url === 'string' ? data.photo_url : undefined,
        admin: options.adminTelegramIds.has(String(telegramId)),
      })
      return issue(user)
    },

    /**
     * POST /auth/refresh: the token is rotated. Presented again within the grace, it gets the same
     * successor; later, or once its family was revoked (sign-out), it means the token leaked: the whole
     * family is revoked and the caller gets a 401 (docs/decisions/001-cookie-sessions-and-refresh-grace.md).
     */
    async refresh(refreshToken: string): Promise<Session> {
      const rotated = await rotate(refreshToken)
      if ('refused' in rotated) throw new AppError('UNAUTHENTICATED', rotated.refused)
      const user = await users.findById(rotated.userId)
      if (!user) throw new AppError('UNAUTHENTICATED', 'Session ended')
      return session(user, rotated.refresh)
    },

    /** POST /auth/logout: ends the session of this refresh token (unknown tokens are fine: already out). */
    async logout(refreshToken: string): Promise<void> {
      const familyId = await repo.findFamilyOf(hashRefreshToken(refreshToken))
      if (familyId) await db.transaction((tx) => sessionRepo(tx).revokeFamily(familyId))
    },
  }
}
export type SessionService = ReturnType<typeof sessionService>
