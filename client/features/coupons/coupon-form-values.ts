import type { PlanKey } from '../../../shared/plans.ts'
import { CreateCouponBody, type COUPON_KINDS } from '../../../shared/schemas/coupon.ts'
import type { CreateCouponInput } from '../../lib/api/coupons.ts'
import { numberOrNull } from '../listing-form/form-values.ts'

export type CouponKind = (typeof COUPON_KINDS)[number]

/** What the new-coupon form holds: text as typed, so a half-written number is kept as it is. */
export interface CouponFormValues {
  code: string
  kind: CouponKind
  percentOff: string
  amountOffEur: string
  aiCredits: string
  premiumDays: string
  freeBoosts: string
  /** None chosen: every plan. */
  planKeys: PlanKey[]
  /** The last day it can be used (yyyy-mm-dd), or empty for no expiry. */
  lastDay: string
  maxUses: string
}

export type CouponField =
  | 'code'
  | 'kind'
  | 'percentOff'
  | 'amountOffEur'
  | 'grant'
  | 'aiCredits'
  | 'premiumDays'
  | 'freeBoosts'
  | 'planKeys'
  | 'lastDay'
  | 'maxUses'

/** The fields in the form's order: the first one in error gets the focus. */
export const COUPON_FIELDS: CouponField[] = [
  'code',
  'kind',
  'percentOff',
  'amountOffEur',
  'grant',
  'aiCredits',
  'premiumDays',
  'freeBoosts',
  'planKeys',
  'lastDay',
  'maxUses',
]

export const emptyCoupon = (): CouponFormValues => ({
  code: '',
  kind: 'percent',
  percentOff: '',
  amountOffEur: '',
  aiCredits: '',
  premiumDays: '',
  freeBoosts: '',
  planKeys: [],
  lastDay: '',
  maxUses: '',
})

/** A typed number, the Persian decimal separator read as a point; undefined when the field is empty. */
const typed = (text: string) => numberOrNull(text.replace(/٫/g, '.')) ?? undefined

/**
 * The body of POST /admin/coupons: only the kind's own amount, the plans of a discount, and an expiry
 * at the end of the last day (UTC, as the list shows the day).
 */
export function toBody(values: CouponFormValues): CreateCouponInput {
  const body: CreateCouponInput = { code: values.code.trim(), kind: values.kind }
  if (values.kind === 'percent') body.percent_off = typed(values.percentOff)
  if (values.kind === 'fixed') body.amount_off_eur = typed(values.amountOffEur)
  if (values.kind === 'grant')
    body.grant = {
      ai_credits: typed(values.aiCredits),
      premium_days: typed(values.premiumDays),
      free_boosts: typed(values.freeBoosts),
    }
  if (values.kind !== 'grant' && values.planKeys.length > 0) body.plan_keys = values.planKeys
  if (values.lastDay) body.expires_at = `${values.lastDay}T23:59:59Z`
  const maxUses = typed(values.maxUses)
  if (maxUses !== undefined) body.max_uses = maxUses
  return body
}

const FIELD_OF_PATH: Record<string, CouponField> = {
  code: 'code',
  kind: 'kind',
  percent_off: 'percentOff',
  amount_off_eur: 'amountOffEur',
  grant: 'grant',
  'grant.ai_credits': 'aiCredits',
  'grant.premium_days': 'premiumDays',
  'grant.free_boosts': 'freeBoosts',
  plan_keys: 'planKeys',
  expires_at: 'lastDay',
  max_uses: 'maxUses',
}

/** The field an issue's path points at: the server's `body.grant.ai_credits` or the form's own `plan_keys.0`. */
export function fieldOf(path: string): CouponField | null {
  const parts = path.replace(/^body\./, '').split('.')
  return FIELD_OF_PATH[parts.slice(0, 2).join('.')] ?? FIELD_OF_PATH[parts[0] ?? ''] ?? null
}

/** The server's own rules (one schema for both), as hints before sending; the server's answer stays the truth. */
export function validate(values: CouponFormValues): Set<CouponField> {
  const invalid = new Set<CouponField>()
  const parsed = CreateCouponBody.safeParse(toBody(values))
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path.map(String).join('.'))
      if (field) invalid.add(field)
    }
  return invalid
}
