import type { z } from 'zod'
import { eurOf, type PlanKey } from '../../../shared/plans.ts'
import { paginationOf } from '../../../shared/schemas/common.ts'
import type {
  AdminCoupon,
  AdminCouponsQuery,
  AdminCouponsSchema,
  CouponHistorySchema,
  CouponInfoSchema,
  CouponRedemptionSchema,
  CouponValidationSchema,
  CreateCouponBody,
} from '../../../shared/schemas/coupon.ts'
import { AppError } from '../../lib/errors.ts'
import type { Db } from '../db/client.ts'
import { premiumRepo } from '../premium/premium.repo.ts'
import { couponsRepo } from './coupons.repo.ts'
import { couponProblem, couponState, type CouponProblem, type CouponRow } from './rules.ts'

type CouponInfo = z.infer<typeof CouponInfoSchema>

const PROBLEM_MESSAGES: Record<CouponProblem, string> = {
  not_found: 'No such coupon',
  inactive: 'This coupon is switched off',
  expired: 'This coupon has expired',
  used_up: 'This coupon has been used up',
  already_used: 'You have used this coupon already',
}

/** A coupon as its user sees it: euros on the wire, cents in the database. */
export function toCouponInfo(row: CouponRow): CouponInfo {
  return {
    code: row.code,
    kind: row.kind,
    percent_off: row.percent_off,
    amount_off_eur: row.amount_off_minor === null ? null : eurOf(row.amount_off_minor),
    grant:
      row.kind === 'grant'
        ? {
            ai_credits: row.grant_ai_credits,
            premium_days: row.grant_premium_days,
            free_boosts: row.grant_free_boosts,
          }
        : null,
    plan_keys: row.plan_keys,
    expires_at: row.expires_at ? new Date(row.expires_at).toISOString() : null,
  }
}

function toAdminCoupon(row: CouponRow, now = new Date()): AdminCoupon {
  return {
    ...toCouponInfo(row),
    max_uses: row.max_uses,
    used_count: row.used_count,
    is_active: row.is_active,
    state: couponState(row, now),
    created_at: new Date(row.created_at).toISOString(),
  }
}

/**
 * Coupons (docs/decisions/019-payments-ledger.md): the user's validate, redeem, info and history,
 * and the admins' create, list and switch off. A discount coupon is used at purchase (the
 * subscriptions service); only grant coupons are redeemed here.
 */
export function couponsService(db: Db) {
  const repo = couponsRepo(db)

  async function getCoupon(code: string): Promise<CouponRow> {
    const coupon = await repo.find(code)
    if (!coupon) throw new AppError('NOT_FOUND', PROBLEM_MESSAGES.not_found, { reason: 'not_found' })
    return coupon
  }

  return {
    /** POST /coupons/validate: whether this user could use the coupon now; reads only. */
    async validate(userId: number, code: string): Promise<z.infer<typeof CouponValidationSchema>> {
      const coupon = await repo.find(code)
      const usedByUser = coupon ? await repo.usedBy(code, userId) : false
      const reason = couponProblem(coupon, { now: new Date(), usedByUser })
      return { valid: reason === null, reason, coupon: coupon ? toCouponInfo(coupon) : null }
    },

    /**
     * POST /coupons/redeem: a grant coupon's credits, free boosts and premium days, once per user.
     * The coupon row is locked first, so the use count checked is the one incremented: concurrent
     * redemptions of a coupon line up, and never go past its cap.
     */
    async redeem(userId: number, code: string): Promise<z.infer<typeof CouponRedemptionSchema>> {
      return db.transaction(async (tx) => {
        const coupons = couponsRepo(tx)
        const coupon = await coupons.findForUpdate(code)
        if (!coupon) throw new AppError('NOT_FOUND', PROBLEM_MESSAGES.not_found, { reason: 'not_found' })
        const problem = couponProblem(coupon, { now: new Date(), usedByUser: await coupons.usedBy(code, userId) })
        if (problem) throw new AppError('CONFLICT', PROBLEM_MESSAGES[problem], { reason: problem })
        if (coupon.kind !== 'grant')
          throw new AppError('CONFLICT', 'This coupon is a discount: enter it when you buy a plan', {
            reason: 'applies_at_purchase',
          })
        if (!(await coupons.recordRedemption(code, userId)))
          throw new AppError('CONFLICT', PROBLEM_MESSAGES.already_used, { reason: 'already_used' })
        if (coupon.grant_premium_days > 0)
          await premiumRepo(tx).grantDays(userId, coupon.grant_premium_days, { planKey: 'coupon', source: 'coupon' })
        const balances = await premiumRepo(tx).addAllowances(userId, coupon.grant_ai_credits, coupon.grant_free_boosts)
        // a deleted or merged-away account (its access token still valid) gets nothing: all of it rolls back
        if (!balances) throw new AppError('UNAUTHENTICATED')
        return {
          code,
          granted: {
            ai_credits: coupon.grant_ai_credits,
            premium_days: coupon.grant_premium_days,
            free_boosts: coupon.grant_free_boosts,
          },
          ai_credits: balances.ai_credits,
          free_boosts: balances.free_boosts,
          premium_until: balances.premium_until ? new Date(balances.premium_until).toISOString() : null,
        }
      })
    },

    /** GET /coupons/info/{code}: what the coupon does; 404 for an unknown code. */
    async info(code: string): Promise<CouponInfo> {
      return toCouponInfo(await getCoupon(code))
    },

    /** GET /coupons/history: the user's own redemptions, newest first. */
    async history(userId: number): Promise<z.infer<typeof CouponHistorySchema>> {
      const rows = await repo.history(userId)
      return {
        items: rows.map((r) => ({
          code: r.code,
          kind: r.kind,
          redeemed_at: new Date(r.redeemed_at).toISOString(),
          payment_id: r.payment_id,
        })),
      }
    },

    /** POST /admin/coupons: a new coupon; 409 when the code is taken. */
    async create(adminId: number, body: z.output<typeof CreateCouponBody>): Promise<AdminCoupon> {
      const row = await repo.insert({
        code: body.code,
        kind: body.kind,
        percentOff: body.percent_off ?? null,
        amountOffMinor: body.amount_off_eur === undefined ? null : Math.round(body.amount_off_eur * 100),
        grant: {
          aiCredits: body.grant?.ai_credits ?? 0,
          premiumDays: body.grant?.premium_days ?? 0,
          freeBoosts: body.grant?.free_boosts ?? 0,
        },
        planKeys: body.plan_keys ? [...new Set<PlanKey>(body.plan_keys)] : null,
        expiresAt: body.expires_at ? new Date(body.expires_at) : null,
        maxUses: body.max_uses ?? null,
        createdBy: adminId,
      })
      if (!row) throw new AppError('CONFLICT', 'A coupon with this code exists already', { reason: 'coupon_exists' })
      return toAdminCoupon(row)
    },

    /** GET /admin/coupons: a page of coupons with their use counts and states, newest first. */
    async list(query: AdminCouponsQuery): Promise<z.infer<typeof AdminCouponsSchema>> {
      const { rows, total } = await repo.page(query.limit, (query.page - 1) * query.limit)
      const now = new Date()
      return {
        items: rows.map((row) => toAdminCoupon(row, now)),
        pagination: paginationOf(query.page, query.limit, total),
      }
    },

    /**
     * PUT /admin/coupons/{code}: switch a coupon off (or on again); 404 for an unknown code. The update
     * waits for the row lock a redemption or a discounted purchase holds, and those that lock after it
     * read it switched off: the answer's use count is final until the coupon is switched on again.
     */
    async update(code: string, body: { is_active: boolean }): Promise<AdminCoupon> {
      const row = await repo.setActive(code, body.is_active)
      if (!row) throw new AppError('NOT_FOUND', PROBLEM_MESSAGES.not_found, { reason: 'not_found' })
      return toAdminCoupon(row)
    },
  }
}
export type CouponsService = ReturnType<typeof couponsService>
