import type { Answer, Call } from './call.ts'

export type CouponValidation = Answer<'CouponValidationSchema'>
export type CouponRedemption = Answer<'CouponRedemptionSchema'>
export type CouponInfo = Answer<'CouponInfoSchema'>

/** Coupons as their users see them: check one, redeem a grant, the history. */
export const couponsApi = (call: Call) => ({
  validate: (code: string) =>
    call('CouponValidationSchema', '/coupons/validate', { method: 'POST', body: { coupon_code: code } }),
  redeem: (code: string) =>
    call('CouponRedemptionSchema', '/coupons/redeem', { method: 'POST', body: { coupon_code: code } }),
  history: (signal?: AbortSignal) => call('CouponHistorySchema', '/coupons/history', { signal }),
})
