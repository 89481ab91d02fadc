import type { User } from '../../../shared/schemas/user.ts'
import { AppError } from '../../lib/errors.ts'
import type { Db } from '../db/client.ts'
import { accountRepo, type UserRow } from './account.repo.ts'

/** A user row as the wire shows it (UserSchema). */
export function toUser(row: UserRow, now = Date.now()): User {
  const premiumUntil = row.premium_until ? new Date(row.premium_until) : null
  return {
    id: row.id,
    telegram_id: row.telegram_id === null ? null : Number(row.telegram_id),
    first_name: row.first_name,
    last_name: row.last_name,
    username: row.username,
    photo_url: row.photo_url,
    language: row.language,
    role: row.role,
    is_premium: premiumUntil !== null && premiumUntil.getTime() > now,
    premium_until: premiumUntil ? premiumUntil.toISOString() : null,
    ai_credits: row.ai_credits,
    free_boosts: row.free_boosts,
    referral_code: row.referral_code,
    phone_number: row.phone_number,
    phone_verified: row.phone_verified,
    email: row.email,
    email_verified: row.email_verified,
    auth_method: row.auth_method,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  }
}

export function accountService(db: Db, options: { onListingsChanged?: () => void } = {}) {
  const repo = accountRepo(db)
  return {
    /** Which sign-in methods the account has (GET /users/account-status). */
    async accountStatus(userId: number) {
      const row = await repo.findById(userId)
      if (!row) throw new AppError('UNAUTHENTICATED')
      const methods = [...(row.telegram_id !== null ? ['telegram'] : []), ...(row.email !== null ? ['email'] : [])]
      return {
        auth_methods: methods,
        telegram_linked: row.telegram_id !== null,
        telegram_account: row.telegram_id !== null ? await repo.telegramAccount(userId) : null,
        email_linked: row.email !== null,
        email_verified: row.email_verified,
        phone_verified: row.phone_verified,
        can_unlink: methods.length > 1,
        created_at: new Date(row.created_at).toISOString(),
      }
    },

    /** GET /users/summary: the dashboard home at a glance. */
    async summary(userId: number) {
      const row = await repo.findById(userId)
      if (!row) throw new AppError('UNAUTHENTICATED')
      const counts = await repo.summaryCounts(userId)
      const total = Object.values(counts.listings).reduce((sum, n) => sum + n, 0)
      return { user: toUser(row), listings: { total, by_status: counts.listings }, favorites: counts.favorites }
    },

    /** DELETE /users/account: personal data erased, listings removed, every session revoked — in one transaction. */
    async deleteAccount(userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const txRepo = accountRepo(tx)
        if (!(await txRepo.lockLive(userId))) throw new AppError('UNAUTHENTICATED')
        await txRepo.erase(userId)
      })
      options.onListingsChanged?.()
    },

    /** The signed-in user; a token of a deleted user is no session (401). */
    async getSelf(userId: number): Promise<User> {
      const row = await repo.findById(userId)
      if (!row) throw new AppError('UNAUTHENTICATED')
      return toUser(row)
    },

    /**
     * `npm run admin -- grant|revoke`: the admin role of a user named by Telegram id or e-mail;
     * returns how many users changed.
     */
    async setAdminRole(who: string, admin: boolean): Promise<number> {
      const target = who.trim()
      const byTelegram = /^\d{1,15}$/.test(target)
      if (!byTelegram && !/^[^\s@]+@[^\s@]+$/.test(target))
        throw new Error(`not a Telegram id or an e-mail address: ${who}`)
      return repo.setRole(byTelegram ? { telegramId: target } : { email: target }, admin ? 'admin' : 'user')
    },

    async updateProfile(
      userId: number,
      fields: Parameters<ReturnType<typeof accountRepo>['updateProfile']>[1],
    ): Promise<User> {
      const row = await repo.updateProfile(userId, fields)
      if (!row) throw new AppError('UNAUTHENTICATED')
      return toUser(row)
    },
  }
}
export type AccountService = ReturnType<typeof accountService>
