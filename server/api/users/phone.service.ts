import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import type { User } from '../../../shared/schemas/user.ts'
import { AppError } from '../../lib/errors.ts'
import type { SmsSender } from '../../integrations/sms/sms-sender.ts'
import type { Db } from '../db/client.ts'
import { USER_WINDOWS } from '../rate-limit/limits.ts'
import { windowFull } from '../rate-limit/user-windows.ts'
import { phoneRepo } from './phone.repo.ts'
import { accountRepo } from './account.repo.ts'
import { toUser } from './account.service.ts'
import { phoneCodeText } from './phone-texts.ts'

/** How long a code works. */
export const PHONE_CODE_TTL_S = 600
/** Wrong codes entered against one code before it stops working. */
const MAX_ATTEMPTS = 5

/** The user id and number are in the hash, so a code only ever proves that user's number. */
const hashCode = (userId: number, phone: string, code: string) =>
  createHash('sha256').update(`${userId}:${phone}:${code}`).digest()

type Outcome = 'verified' | 'wrong' | 'expired' | 'dead' | 'taken'

/** POST /users/verify-phone: a six-digit code by SMS, then the code proves the number. */
export function phoneService(db: Db, options: { sms: SmsSender }) {
  return {
    /** Sends a fresh code to the number; the user's older codes stop working. */
    async sendCode(userId: number, phone: string): Promise<{ sent: true; expires_in: number }> {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
      const { codeId, language } = await db.transaction(async (tx) => {
        const repo = phoneRepo(tx)
        const user = await repo.lockUser(userId)
        if (!user) throw new AppError('UNAUTHENTICATED')
        const full = await windowFull(tx, { table: 'phone_codes', owner: { user_id: userId } }, USER_WINDOWS.phoneCodes)
        if (full) {
          throw new AppError('RATE_LIMITED', 'Too many codes sent; try again later', {
            reason: 'too_many_codes',
            retry_after_s: full.retryAfterS,
          })
        }
        const codeId = await repo.insertCode({
          userId,
          phone,
          codeHash: hashCode(userId, phone, code).toString('hex'),
          ttlS: PHONE_CODE_TTL_S,
        })
        return { codeId, language: user.language }
      })
      try {
        await options.sms.send(phone, phoneCodeText(language, code, PHONE_CODE_TTL_S / 60))
      } catch (err) {
        // an undelivered code does not use up the user's hourly allowance
        await phoneRepo(db)
          .deleteCode(codeId)
          .catch(() => {})
        throw err
      }
      return { sent: true, expires_in: PHONE_CODE_TTL_S }
    },

    /** Checks the code against the user's newest one and, when right, verifies the number. */
    async verify(userId: number, phone: string, code: string): Promise<User> {
      const outcome = await db
        .transaction(async (tx): Promise<Outcome> => {
          const repo = phoneRepo(tx)
          const row = await repo.latestForUpdate(userId)
          if (!row || row.phone !== phone || row.used || row.expired) return 'expired'
          if (row.attempts >= MAX_ATTEMPTS) return 'dead'
          // a wrong code is counted and committed, so the answer is not thrown from inside the transaction
          if (!timingSafeEqual(Buffer.from(row.code_hash, 'hex'), hashCode(userId, phone, code))) {
            await repo.recordWrongAttempt(row.id)
            return 'wrong'
          }
          // checked only after the code is right: the number's holder may learn it is taken, nobody else
          if (await repo.verifiedByOther(userId, phone)) return 'taken'
          await repo.markUsed(row.id)
          await repo.setVerifiedPhone(userId, phone)
          return 'verified'
        })
        .catch((err: unknown): Outcome => {
          // users_verified_phone: another account verified the same number at the same moment
          if ((err as { code?: string }).code === '23505') return 'taken'
          throw err
        })
      if (outcome === 'wrong')
        throw new AppError('VALIDATION_ERROR', 'The code is not correct', [
          { path: 'code', code: 'invalid_code', message: 'is not correct' },
        ])
      if (outcome === 'expired') {
        throw new AppError('VALIDATION_ERROR', 'The code has expired or was already used; ask for a new one', [
          { path: 'code', code: 'expired_code', message: 'has expired or was already used' },
        ])
      }
      if (outcome === 'dead')
        throw new AppError('RATE_LIMITED', 'Too many wrong codes; ask for a new one', {
          reason: 'too_many_wrong_codes',
        })
      if (outcome === 'taken')
        throw new AppError('CONFLICT', 'This phone number is verified on another account', { reason: 'phone_taken' })
      const row = await accountRepo(db).findById(userId)
      if (!row) throw new AppError('UNAUTHENTICATED')
      return toUser(row)
    },
  }
}
export type PhoneService = ReturnType<typeof phoneService>
