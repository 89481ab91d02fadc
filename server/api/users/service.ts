import type { User } from '../../../shared/schemas/user.ts'
import { AppError } from '../../lib/errors.ts'
import type { Db } from '../db/client.ts'
import { usersRepo, type UserRow } from './repo.ts'

/** The wire user of SPEC §3. */
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

export function usersService(db: Db) {
  const repo = usersRepo(db)
  return {
    /** The signed-in user; a token of a deleted user is no session (401). */
    async getSelf(userId: number): Promise<User> {
      const row = await repo.findById(userId)
      if (!row) throw new AppError('UNAUTHENTICATED')
      return toUser(row)
    },

    async updateProfile(userId: number, fields: Parameters<ReturnType<typeof usersRepo>['updateProfile']>[1]): Promise<User> {
      const row = await repo.updateProfile(userId, fields)
      if (!row) throw new AppError('UNAUTHENTICATED')
      return toUser(row)
    },
  }
}
export type UsersService = ReturnType<typeof usersService>
