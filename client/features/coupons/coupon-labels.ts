import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { PlanKey } from '../../../shared/plans.ts'
import type { CouponState } from '../../../shared/schemas/coupon.ts'

export const PLAN_LABELS: Record<PlanKey, MessageDescriptor> = {
  monthly: msg`Monthly`,
  quarterly: msg`Quarterly`,
  yearly: msg`Yearly`,
}

export const STATE_LABELS: Record<CouponState, MessageDescriptor> = {
  active: msg`Active`,
  disabled: msg`Disabled`,
  expired: msg`Expired`,
  used_up: msg`Used up`,
}
