import type { z } from 'zod'
import type { CreateCouponBody } from '../../../shared/schemas/coupon.ts'
import { query, type Answer, type Api } from './call.ts'

export type CouponValidation = Answer<'CouponValidationSchema'>
export type CouponRedemption = Answer<'CouponRedemptionSchema'>
export type CouponInfo = Answer<'CouponInfoSchema'>
export type AdminCoupon = Answer<'AdminCouponSchema'>
export type AdminCouponPage = Answer<'AdminCouponsSchema'>
/** The wire body of POST /admin/coupons (snake_case, as the API reads it). */
export type CreateCouponInput = z.input<typeof CreateCouponBody>

/** Coupons as their users see them: check one, redeem a grant, the history. */
export const couponsApi = ({ call }: Api) => ({
  validate: (code: string) =>
    call('CouponValidationSchema', '/coupons/validate', { method: 'POST', body: { coupon_code: code } }),
  redeem: (code: string) =>
    call('CouponRedemptionSchema', '/coupons/redeem', { method: 'POST', body: { coupon_code: code } }),
  history: (signal?: AbortSignal) => call('CouponHistorySchema', '/coupons/history', { signal }),
})

/** The admins' coupons: a page of them, a new one, switching one off or on; 403 to anyone but an admin. */
export const adminCouponsApi = ({ call }: Api) => ({
  list: (params: { page?: number }, signal?: AbortSignal) =>
    call('AdminCouponsSchema', `/admin/coupons${query(params)}`, { signal }),
  create: (body: CreateCouponInput) => call('AdminCouponSchema', '/admin/coupons', { method: 'POST', body }),
  setActive: (code: string, isActive: boolean) =>
    call('AdminCouponSchema', `/admin/coupons/${encodeURIComponent(code)}`, {
      method: 'PUT',
      body: { is_active: isActive },
    }),
})
