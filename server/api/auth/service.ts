import { randomUUID } from 'node:crypto'
import type { User } from '../../../shared/schemas/user.ts'
import { AppError } from '../../lib/errors.ts'
import type { Db } from '../db/client.ts'
import type { UserRow } from '../users/repo.ts'
import { usersRepo } from '../users/repo.ts'
import { toUser } from '../users/service.ts'
import { authRepo } from './repo.ts'
import { checkTelegramLogin } from './telegram.ts'
import { hashRefreshToken, newRefreshToken, type AccessTokens } from './tokens.ts'

/** The refresh cookie lives 30 days (SPEC §9); the token behind it the same. */
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000

export interface AuthOptions {
  tokens: AccessTokens
  telegramBotToken?: string
  adminTelegramIds: ReadonlySet<string>
}

export interface Session {
  token: string
  access_token: string
  refresh_token: string
  user: User
}

const TELEGRAM_REFUSALS = {
  missing_fields: 'Telegram login data is incomplete',
  bad_hash: 'Telegram login data is not signed by our bot',
  stale: 'Telegram login data is older than 24 hours',
  future: 'Telegram login data is dated in the future',
} as const

export function authService(db: Db, options: AuthOptions) {
  const repo = authRepo(db)
  const users = usersRepo(db)

  /** A new session (a new refresh family) or the next token of an existing family. */
  async function issue(user: UserRow, familyId: string = randomUUID()): Promise<Session> {
    const refresh = newRefreshToken()
    await repo.insertRefresh({ id: randomUUID(), userId: user.id, familyId, hash: refresh.hash, expiresAt: new Date(Date.now() + REFRESH_TTL_MS) })
    const token = await options.tokens.sign({ userId: user.id, role: user.role })
    return { token, access_token: token, refresh_token: refresh.token, user: toUser(user) }
  }

  return {
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
     * POST /auth/refresh: the token is rotated. A token that was already rotated (or revoked) coming
     * back means it leaked: its whole family is revoked and the caller gets a 401.
     */
    async refresh(refreshToken: string): Promise<Session> {
      const row = await repo.findRefresh(hashRefreshToken(refreshToken))
      if (!row) throw new AppError('UNAUTHENTICATED', 'Invalid refresh token')
      if (row.revoked_at) throw new AppError('UNAUTHENTICATED', 'Session ended')
      if (row.rotated_at || !(await repo.claimRotation(row.id))) {
        await repo.revokeFamily(row.family_id)
        throw new AppError('UNAUTHENTICATED', 'Refresh token reused; the session was ended')
      }
      if (new Date(row.expires_at).getTime() <= Date.now()) {
        await repo.revokeFamily(row.family_id)
        throw new AppError('UNAUTHENTICATED', 'Session expired')
      }
      const user = await users.findById(row.user_id)
      if (!user) throw new AppError('UNAUTHENTICATED', 'Session ended')
      return issue(user, row.family_id)
    },

    /** POST /auth/logout: ends the session of this refresh token (unknown tokens are fine: already out). */
    async logout(refreshToken: string): Promise<void> {
      const row = await repo.findRefresh(hashRefreshToken(refreshToken))
      if (row) await repo.revokeFamily(row.family_id)
    },
  }
}
export type AuthService = ReturnType<typeof authService>
