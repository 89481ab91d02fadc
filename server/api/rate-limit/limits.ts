/**
 * Every limit of the API, in one place: per client (an IPv4 address or an IPv6 /64, as the API
 * sees it behind TRUST_PROXY) and per user (docs/decisions/007-client-address-and-rate-limits.md).
 */
import { REPORTS_PER_DAY } from '../../../shared/schemas/moderation.ts'
import { UPLOADS_PER_DAY } from '../../../shared/constants.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export interface RateLimitPolicy {
  /** Requests allowed in one window; the next one is answered 429 with Retry-After. */
  max: number
  windowMs: number
}

/**
 * Requests per client and route. A route names its policy with `config: { rateLimitPolicy }`;
 * each route keeps its own counter. The browser journeys (test/e2e) give each Telegram visitor an
 * address of its own (test/helpers/signed-in.ts) and sign up by e-mail from one: a whole run stays
 * within these numbers.
 */
export const RATE_LIMIT_POLICIES = {
  /** /identity/sign-in, /auth/email-login, /auth/telegram-login: password guessing and scrypt work. */
  signIn: { max: 10, windowMs: MINUTE },
  /** /identity/sign-up: each one mails a stranger. */
  signUp: { max: 5, windowMs: HOUR },
  /** /identity/send-password-reset, /identity/send-verification and /identity/send-sign-in-link: each one mails someone. */
  emailLink: { max: 5, windowMs: HOUR },
  /** /identity/check-code, /identity/apply-code and /identity/sign-in-with-code: opening the links of those e-mails. */
  emailCode: { max: 30, windowMs: HOUR },
  /** /users/verify-phone: sending a code and checking it share the route (three sends an hour per user besides). */
  phoneCode: { max: 10, windowMs: HOUR },
  /** /listings/:id/report (twenty a day per user besides). */
  report: { max: 20, windowMs: HOUR },
  /** /upload/photos and /upload/photos/validate: the page sends one photo a request, up to 12 a listing. */
  upload: { max: 60, windowMs: HOUR },
  /** Calls that open a checkout (each may call the payment provider): a retry under the same key is one more call. */
  checkout: { max: 60, windowMs: HOUR },
  /** /coupons/validate, /coupons/redeem and /coupons/info/:code: codes are guessable, so guessing is slowed. */
  couponCode: { max: 30, windowMs: HOUR },
  /** /places/geocode: each search may ask the outside geocoder (Nominatim's policy: light use only); a person types a few. */
  geocode: { max: 30, windowMs: MINUTE },
  /** The contact form, when it comes: each one mails us. */
  contact: { max: 5, windowMs: HOUR },
} as const satisfies Record<string, RateLimitPolicy>

export type RateLimitPolicyName = keyof typeof RATE_LIMIT_POLICIES
export type RateLimitPolicies = Record<RateLimitPolicyName, RateLimitPolicy>

/**
 * Actions per user (or account) in a sliding window, counted from the rows the actions wrote
 * (user-windows.ts): what did not happen (an SMS that was not delivered) does not count.
 */
export const USER_WINDOWS = {
  /** E-mailed links of one kind (verification, reset, sign-in) to one account. */
  emailLinks: { max: 3, windowMs: HOUR },
  /** SMS codes to one user. */
  phoneCodes: { max: 3, windowMs: HOUR },
  /** Reports one user files. */
  reports: { max: REPORTS_PER_DAY, windowMs: DAY },
  /** Photos one user uploads (each file one row). */
  photoUploads: { max: UPLOADS_PER_DAY, windowMs: DAY },
} as const satisfies Record<string, RateLimitPolicy>

/**
 * Failed sign-ins before sign-in pauses: per e-mail and client, so a stranger locks only
 * themselves out, and a higher ceiling per e-mail across all clients against guessing from many
 * addresses — which lets through the clients the account signed in from before, while the owner
 * elsewhere signs in by an e-mailed link (docs/decisions/016-email-sign-in.md).
 */
export const SIGN_IN_LOCK = { perClient: 5, perEmail: 50, windowMs: 15 * MINUTE } as const

/**
 * scrypt hashes at once and waiting, per process. node:crypto's scrypt runs on libuv's thread
 * pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which file reads and compression
 * share: two hashes leave them half of it. Beyond the queue, 429.
 */
export const PASSWORD_HASHING = { running: 2, waiting: 16 } as const
