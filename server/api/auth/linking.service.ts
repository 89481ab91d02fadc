import { alertsRepo } from '../alerts/alerts.repo.ts'
import { pushSubscriptionsRepo } from '../alerts/push-subscriptions.repo.ts'
import { createHash, randomBytes } from 'node:crypto'
import type { User } from '../../../shared/schemas/user.ts'
import { TelegramLoginBody } from '../../../shared/schemas/user.ts'
import { AppError } from '../../lib/errors.ts'
import type { IdTokenVerifier } from '../../integrations/identity/id-token.ts'
import { sessionRepo } from './session.repo.ts'
import { checkTelegramLogin, TELEGRAM_REFUSALS } from './telegram.ts'
import { verifiedEmailIdentity } from './verified-identity.ts'
import type { Db } from '../db/client.ts'
import { linkingRepo, type LinkUserRow } from './linking.repo.ts'
import type { LinkMethod, MergeTokens } from './merge-tokens.ts'
import { toUser } from '../users/account.service.ts'
import { telegramName } from '../users/account.repo.ts'
import { referralsRepo } from '../referrals/referrals.repo.ts'

/** How long a Telegram link callback may take after the account page asked for it. */
export const LINK_NONCE_TTL_S = 600

export interface LinkingOptions {
  idTokens?: IdTokenVerifier
  telegramBotToken?: string
  mergeTokens: MergeTokens
  onListingsChanged?: () => void
}

export type LinkBody =
  | { auth_method: 'email'; email?: string; firebase_token?: string }
  | { auth_method: 'telegram'; telegram_verification_token?: string; nonce?: string }

const hashNonce = (nonce: string) => createHash('sha256').update(nonce).digest('hex')
const methodsOf = (row: LinkUserRow): LinkMethod[] => [
  ...(row.telegram_id !== null ? ['telegram' as const] : []),
  ...(row.email !== null ? ['email' as const] : []),
]
const fieldMissing = (path: string) =>
  new AppError('VALIDATION_ERROR', 'The request is not valid', [{ path, code: 'invalid_type', message: 'is required' }])

/** Linking, unlinking and merging sign-in methods (docs/decisions/018-account-linking-and-merging.md); always on the signed-in user. */
export function linkingService(db: Db, options: LinkingOptions) {
  const repo = linkingRepo(db)

  async function self(userId: number): Promise<LinkUserRow> {
    const row = await repo.findLive(userId)
    if (!row) throw new AppError('UNAUTHENTICATED')
    return row
  }

  /** The 409 that asks the user to confirm a merge with the account holding this sign-in. */
  async function mergeRequired(
    userId: number,
    other: { id: number; first_name: string },
    method: LinkMethod,
  ): Promise<never> {
    const merge_token = await options.mergeTokens.sign({ userId, sourceId: other.id, method })
    throw new AppError('CONFLICT', 'This sign-in belongs to another account; confirm a merge to bring it here', {
      reason: 'merge_required',
      merge_token,
      auth_method: method,
      other_account: { first_name: other.first_name, listings_count: await repo.liveListingsCount(other.id) },
    })
  }

  async function linkEmail(userId: number, body: { email?: string; firebase_token?: string }): Promise<User> {
    if (!body.email) throw fieldMissing('email')
    if (!body.firebase_token) throw fieldMissing('firebase_token')
    const identity = await verifiedEmailIdentity(options.idTokens, body.firebase_token, body.email)
    const me = await self(userId)
    if (me.email !== null)
      throw new AppError('CONFLICT', 'This account already has an e-mail; unlink it first', {
        reason: 'already_linked',
      })
    const other = await repo.otherEmailHolder(userId, identity.email, identity.uid)
    if (other) return mergeRequired(userId, other, 'email')
    if (!(await repo.attachEmail(userId, identity.email, identity.uid)))
      throw new AppError('CONFLICT', 'This account already has an e-mail', { reason: 'already_linked' })
    return toUser(await self(userId))
  }

  async function linkTelegram(
    userId: number,
    body: { telegram_verification_token?: string; nonce?: string },
  ): Promise<User> {
    if (!options.telegramBotToken) throw new AppError('SERVICE_UNAVAILABLE', 'Telegram sign-in is not configured')
    // the nonce first: it proves the callback was started by this signed-in user, and works once
    if (!body.nonce || !(await repo.useNonce(hashNonce(body.nonce), userId))) {
      throw new AppError('FORBIDDEN', 'This Telegram link was not started from your account page, or has expired', {
        reason: 'invalid_nonce',
      })
    }
    let data: unknown
    try {
      data = JSON.parse(body.telegram_verification_token ?? '')
    } catch {
      throw fieldMissing('telegram_verification_token')
    }
    const widget = TelegramLoginBody.safeParse(data)
    if (!widget.success)
      throw new AppError('UNAUTHENTICATED', TELEGRAM_REFUSALS.missing_fields, { reason: 'missing_fields' })
    const check = checkTelegramLogin(data as Record<string, unknown>, options.telegramBotToken)
    if (!check.ok) throw new AppError('UNAUTHENTICATED', TELEGRAM_REFUSALS[check.reason], { reason: check.reason })
    if (!(await sessionRepo(db).claimTelegramPayload(widget.data.hash))) {
      throw new AppError('UNAUTHENTICATED', 'Telegram login data was already used', { reason: 'replayed' })
    }
    const me = await self(userId)
    if (me.telegram_id !== null)
      throw new AppError('CONFLICT', 'This account already has Telegram; unlink it first', { reason: 'already_linked' })
    const other = await repo.otherTelegramHolder(userId, widget.data.id)
    if (other) return mergeRequired(userId, other, 'telegram')
    const attached = await repo.attachTelegram(userId, {
      telegramId: widget.data.id,
      username: widget.data.username,
      name: telegramName(widget.data.first_name, widget.data.last_name),
      photoUrl: widget.data.photo_url,
    })
    if (!attached) throw new AppError('CONFLICT', 'This account already has Telegram', { reason: 'already_linked' })
    return toUser(await self(userId))
  }

  return {
    /** POST /users/link-nonce: binds the next Telegram link callback to this user for 10 minutes. */
    async linkNonce(userId: number): Promise<{ nonce: string; expires_in: number }> {
      await self(userId)
      const nonce = randomBytes(32).toString('base64url')
      await repo.insertNonce(hashNonce(nonce), userId, new Date(Date.now() + LINK_NONCE_TTL_S * 1000))
      return { nonce, expires_in: LINK_NONCE_TTL_S }
    },

    /** POST /users/verify-email-for-linking: the dry check before linking an e-mail. */
    async verifyEmailForLinking(userId: number, body: { email: string; firebase_token: string }) {
      const identity = await verifiedEmailIdentity(options.idTokens, body.firebase_token, body.email)
      await self(userId)
      const other = await repo.otherEmailHolder(userId, identity.email, identity.uid)
      return {
        email: identity.email,
        email_verified: true as const,
        linked_account: other
          ? { first_name: other.first_name, listings_count: await repo.liveListingsCount(other.id) }
          : null,
      }
    },

    async linkAccount(userId: number, body: LinkBody): Promise<{ user: User; linked: LinkMethod }> {
      const user = body.auth_method === 'email' ? await linkEmail(userId, body) : await linkTelegram(userId, body)
      return { user, linked: body.auth_method }
    },

    /** DELETE /users/unlink-account: never the last sign-in method. */
    async unlink(userId: number, method: LinkMethod): Promise<{ user: User }> {
      const me = await self(userId)
      const methods = methodsOf(me)
      if (!methods.includes(method))
        throw new AppError('CONFLICT', 'This sign-in method is not linked', { reason: 'not_linked' })
      const remaining = methods.find((m) => m !== method)
      if (!remaining)
        throw new AppError('CONFLICT', 'Your only sign-in method cannot be removed', { reason: 'last_method' })
      await repo.detach(userId, method, remaining)
      return { user: toUser(await self(userId)) }
    },

    /**
     * POST /users/merge-accounts: the account behind the merge token goes into the signed-in one —
     * listings, favourites, credits, premium time, payments, opened contacts, coupon uses, referrals,
     * its sign-in methods and verified phone — in one
     * transaction with both rows locked; a token works once and only for the user it was issued to.
     */
    async merge(
      userId: number,
      body: { source_auth: { auth_method: LinkMethod; merge_token: string }; target_auth: { auth_method: LinkMethod } },
    ) {
      const claims = await options.mergeTokens.verify(body.source_auth.merge_token, userId)
      if (claims.method !== body.source_auth.auth_method)
        throw new AppError('FORBIDDEN', 'This merge is not valid', { reason: 'invalid_merge_token' })
      const me = await self(userId)
      if (!methodsOf(me).includes(body.target_auth.auth_method)) {
        throw new AppError('VALIDATION_ERROR', 'The request is not valid', [
          { path: 'target_auth.auth_method', code: 'not_linked', message: 'is not a sign-in method of this account' },
        ])
      }
      const result = await db.transaction(async (tx) => {
        const txRepo = linkingRepo(tx)
        if (!(await txRepo.claimMergeToken(claims.jti)))
          throw new AppError('CONFLICT', 'This merge was already done', { reason: 'merge_token_used' })
        // a merge re-points referrals: under the graph's lock, taken before any row's as a referral takes it
        await referralsRepo(tx).lockReferralGraph()
        const rows = await txRepo.lockLive([userId, claims.sourceId])
        const target = rows.find((r) => r.id === userId)
        const source = rows.find((r) => r.id === claims.sourceId)
        if (!target) throw new AppError('UNAUTHENTICATED')
        if (!source || source.id === target.id)
          throw new AppError('CONFLICT', 'The other account no longer exists', { reason: 'source_gone' })
        // premium time paid for on both accounts adds up: the merged account's remaining time runs after
        // the survivor's (decision 018); its periods move as they were, as history
        const now = Date.now()
        const until = (row: LinkUserRow) => (row.premium_until ? new Date(row.premium_until).getTime() : 0)
        const gainedMs = Math.max(0, until(source) - now)
        const premiumUntil = gainedMs > 0 ? new Date(Math.max(until(target), now) + gainedMs) : target.premium_until
        const listings = await txRepo.moveListings(source.id, target.id)
        const favorites = await txRepo.moveFavorites(source.id, target.id)
        await txRepo.moveMoney(source.id, target.id)
        await txRepo.moveReferrals(source.id, target.id)
        await txRepo.moveAlerts(source.id, target.id)
        await txRepo.retire(source.id, target.id)
        const merged = await txRepo.absorb(target.id, source, premiumUntil)
        // the merged premium decides how many of the alerts stay active
        await alertsRepo(tx).enforceLimits(target.id)
        // and the devices the two had together are cut to one person's (docs/decisions/020-alerts-and-outbox.md)
        await pushSubscriptionsRepo(tx).keepNewest(target.id)
        return {
          user: toUser(merged),
          merged: {
            listings,
            favorites,
            ai_credits: source.ai_credits,
            free_boosts: source.free_boosts,
            premium_days: Math.round(gainedMs / 86_400_000),
          },
        }
      })
      if (result.merged.listings > 0) options.onListingsChanged?.()
      return result
    },
  }
}
export type LinkingService = ReturnType<typeof linkingService>
