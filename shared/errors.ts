/**
 * The error vocabulary: every code an error answer carries and every `details.reason` that tells
 * two failures of one code apart (docs/decisions/013-error-envelope-and-codes.md). Plain lists, so
 * the browser can check a code without zod; `shared/schemas/errors.ts` makes them zod enums and
 * types each reason's details.
 */

/** The codes of the API's and the gateway's error answers. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'ALERT_LIMIT_REACHED',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'REQUEST_TIMEOUT',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'HEADERS_TOO_LARGE',
  'PAYMENT_REQUIRED',
  'INSUFFICIENT_CREDITS',
  'INTERNAL',
  'UPSTREAM_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
  'UPSTREAM_TIMEOUT',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

/**
 * The codes the client gives failures that carry no server code: no answer (`NETWORK_ERROR`), an
 * answer that is not the envelope (`API_ERROR`), a sign-in answer without its user, the
 * own-listings 500 shown as an empty list, and an identity provider's unknown refusal.
 */
export const CLIENT_ERROR_CODES = [
  'NETWORK_ERROR',
  'API_ERROR',
  'LOGIN_RESPONSE_INVALID',
  'VALIDATION_ERROR_SKIPPED',
  'IDENTITY_PROVIDER_ERROR',
] as const
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number]

/** Reasons that come with `retry_after_s`, the seconds to wait. */
export const RETRY_REASONS = [
  'busy',
  'too_many_attempts',
  'too_many_emails',
  'too_many_codes',
  'too_many_reports',
  'too_many_requests',
] as const

/** Reasons whose details carry nothing else. */
export const BARE_REASONS = [
  // sign-in and accounts
  'invalid_credentials',
  'email_already_in_use',
  'account_exists',
  'email_missing',
  'email_not_verified',
  'missing_fields',
  'bad_hash',
  'stale',
  'future',
  'replayed',
  'already_linked',
  'not_linked',
  'last_method',
  'invalid_nonce',
  'invalid_merge_token',
  'merge_token_used',
  'source_gone',
  'phone_taken',
  'too_many_wrong_codes',
  'push_subscription_taken',
  // listings, reports, contact
  'owner_only',
  'own_listing',
  'not_active',
  'already_reported',
  'no_contact',
  'already_open',
  // coupons, payments, referrals
  'not_found',
  'inactive',
  'expired',
  'used_up',
  'already_used',
  'applies_at_purchase',
  'not_applicable',
  'coupon_exists',
  'idempotency_key_reused',
  'referrer_not_found',
  'self_referral',
  'already_referred',
  'mutual_referral',
  'window_closed',
  // photos
  'unsupported_image',
  'unreadable_image',
] as const

/** Every reason: the bare ones, the retry ones and those with details of their own (shared/schemas/errors.ts). */
// (built by a pure call: a bundle that never checks a reason, the browser's, drops the lists)
export const ERROR_REASONS = /* @__PURE__ */ (() =>
  [
    ...BARE_REASONS,
    ...RETRY_REASONS,
    'upload_quota',
    'too_many_pixels',
    'merge_required',
    'listing_not_active',
    'transition_not_allowed',
    'listing_changed',
    'report_not_open',
    'payment_not_open',
    'no_credits',
    'alert_limit',
    'upstream_busy',
  ] as const)()
export type ErrorReason = (typeof ERROR_REASONS)[number]

/** The codes a reason may come with: a reason under any other code fails typecheck (server) and the wire schema. */
export const REASON_CODES = {
  busy: ['RATE_LIMITED'],
  too_many_attempts: ['RATE_LIMITED'],
  too_many_emails: ['RATE_LIMITED'],
  too_many_codes: ['RATE_LIMITED'],
  too_many_reports: ['RATE_LIMITED'],
  too_many_requests: ['RATE_LIMITED'],
  upload_quota: ['RATE_LIMITED'],
  too_many_wrong_codes: ['RATE_LIMITED'],
  invalid_credentials: ['UNAUTHENTICATED'],
  missing_fields: ['UNAUTHENTICATED'],
  bad_hash: ['UNAUTHENTICATED'],
  stale: ['UNAUTHENTICATED'],
  future: ['UNAUTHENTICATED'],
  replayed: ['UNAUTHENTICATED'],
  email_missing: ['FORBIDDEN'],
  email_not_verified: ['FORBIDDEN'],
  invalid_nonce: ['FORBIDDEN'],
  invalid_merge_token: ['FORBIDDEN'],
  owner_only: ['FORBIDDEN'],
  email_already_in_use: ['CONFLICT'],
  account_exists: ['CONFLICT'],
  already_linked: ['CONFLICT'],
  not_linked: ['CONFLICT'],
  last_method: ['CONFLICT'],
  merge_required: ['CONFLICT'],
  merge_token_used: ['CONFLICT'],
  source_gone: ['CONFLICT'],
  phone_taken: ['CONFLICT'],
  push_subscription_taken: ['CONFLICT'],
  listing_not_active: ['CONFLICT'],
  transition_not_allowed: ['CONFLICT'],
  listing_changed: ['CONFLICT'],
  report_not_open: ['CONFLICT'],
  already_reported: ['CONFLICT'],
  already_open: ['CONFLICT'],
  not_active: ['CONFLICT'],
  payment_not_open: ['CONFLICT'],
  idempotency_key_reused: ['CONFLICT'],
  inactive: ['CONFLICT'],
  expired: ['CONFLICT'],
  used_up: ['CONFLICT'],
  already_used: ['CONFLICT'],
  applies_at_purchase: ['CONFLICT'],
  not_applicable: ['CONFLICT'],
  coupon_exists: ['CONFLICT'],
  self_referral: ['CONFLICT'],
  already_referred: ['CONFLICT'],
  mutual_referral: ['CONFLICT'],
  window_closed: ['CONFLICT'],
  // a report of one's own listing is a bad request; paying for one's own listing's contact a conflict
  own_listing: ['VALIDATION_ERROR', 'CONFLICT'],
  // a coupon that does not exist: 404 when it is named alone, a conflict when checked inside a purchase
  not_found: ['NOT_FOUND', 'CONFLICT'],
  referrer_not_found: ['NOT_FOUND'],
  no_contact: ['NOT_FOUND'],
  unsupported_image: ['UNSUPPORTED_MEDIA_TYPE'],
  unreadable_image: ['UNSUPPORTED_MEDIA_TYPE'],
  too_many_pixels: ['PAYLOAD_TOO_LARGE'],
  no_credits: ['INSUFFICIENT_CREDITS'],
  alert_limit: ['ALERT_LIMIT_REACHED'],
  upstream_busy: ['SERVICE_UNAVAILABLE'],
} as const satisfies Record<ErrorReason, readonly [ErrorCode, ...ErrorCode[]]>

/** The reasons a code may carry. */
export type ReasonOf<C extends ErrorCode> = {
  [R in ErrorReason]: C extends (typeof REASON_CODES)[R][number] ? R : never
}[ErrorReason]

/** The reasons of code `C` whose details carry nothing else. */
export type BareReasonOf<C extends ErrorCode> = Extract<ReasonOf<C>, (typeof BARE_REASONS)[number]>

// (pure: a bundle that never checks a code, the browser's, drops the lists: docs/decisions/040-script-budget-per-page.md)
const CODES: ReadonlySet<string> = /* @__PURE__ */ new Set(ERROR_CODES)
const REASONS: ReadonlySet<string> = /* @__PURE__ */ new Set(ERROR_REASONS)

/** Whether a value is a code of the API's vocabulary. */
export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && CODES.has(value)

/** Whether a value is a reason of the vocabulary. */
export const isErrorReason = (value: unknown): value is ErrorReason => typeof value === 'string' && REASONS.has(value)

/** Whether `code` may carry `reason` (the pairing the wire schema checks). */
export function reasonFits(code: ErrorCode, reason: ErrorReason): boolean {
  const codes: readonly ErrorCode[] = REASON_CODES[reason]
  return codes.includes(code)
}
