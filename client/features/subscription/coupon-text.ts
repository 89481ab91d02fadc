import { useLingui } from '@lingui/react/macro'
import { formatNumber, formatRent } from '../../../shared/money.ts'
import type { ErrorReason } from '../../../shared/errors.ts'
import { ApiError, errorReasonOf } from '../../lib/api/call.ts'
import type { CouponInfo } from '../../lib/api/coupons.ts'
import { useLocale } from '../../lib/locale.ts'

/** The translated words for coupons: why one cannot be used, what a discount takes off, a failed call. */
export function useCouponText() {
  const { t } = useLingui()
  const locale = useLocale()
  const reasonText = (reason: ErrorReason | null | undefined): string => {
    switch (reason) {
      case 'not_found':
        return t`There is no coupon with this code.`
      case 'expired':
        return t`This coupon has expired.`
      case 'used_up':
        return t`This coupon has been used up.`
      case 'already_used':
        return t`You have already used this coupon.`
      case 'inactive':
        return t`This coupon is no longer active.`
      case 'not_applicable':
        return t`This coupon does not apply to this plan.`
      default:
        return t`This coupon cannot be used.`
    }
  }
  return {
    reasonText,
    /** "20% off" or "€2 off" (in rials for fa) for a discount coupon; null for a grant. */
    discountText(coupon: CouponInfo): string | null {
      if (coupon.kind === 'percent' && coupon.percentOff !== null) {
        const percent = formatNumber(coupon.percentOff, locale)
        return t`${percent}% off`
      }
      if (coupon.kind === 'fixed' && coupon.amountOffEur !== null) {
        const amount = formatRent(coupon.amountOffEur, 'EUR', locale)
        return t`${amount} off`
      }
      return null
    },
    /** A failed validate or redeem call, by its code and reason (docs/decisions/013-error-envelope-and-codes.md). */
    failureText(err: unknown): string {
      const reason = errorReasonOf(err)
      if (reason) return reasonText(reason)
      if (!(err instanceof ApiError)) return t`That did not work. Please reload the page and try again.`
      if (err.code === 'VALIDATION_ERROR') return t`A code is 3 to 40 letters, digits, _ or -.`
      if (err.code === 'NOT_FOUND') return reasonText('not_found')
      if (err.code === 'CONFLICT') return reasonText('already_used')
      if (err.code === 'NETWORK_ERROR') return t`Network error. Please check your connection.`
      return t`That did not work. Please reload the page and try again.`
    },
  }
}
