import { z } from 'zod'
import { LanguageParam } from './common.ts'

/** The signed-in user, as every answer that carries a user shows it. */
export const UserSchema = z.object({
  id: z.number().int(),
  telegram_id: z.number().int().nullable(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  username: z.string().nullable(),
  photo_url: z.string().nullable(),
  language: z.string(),
  role: z.enum(['user', 'admin']),
  is_premium: z.boolean(),
  premium_until: z.string().nullable(),
  ai_credits: z.number().int(),
  free_boosts: z.number().int(),
  referral_code: z.string(),
  phone_number: z.string().nullable(),
  phone_verified: z.boolean(),
  email: z.string().nullable(),
  email_verified: z.boolean(),
  auth_method: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type User = z.infer<typeof UserSchema>

/** POST /auth/telegram-login: the Login Widget fields (others Telegram may add are kept for the hash check). */
export const TelegramLoginBody = z
  .object({
    id: z.coerce.number().int().positive(),
    first_name: z.string().min(1).max(200),
    last_name: z.string().max(200).optional(),
    username: z.string().max(100).optional(),
    photo_url: z.url().max(1000).optional(),
    auth_date: z.coerce.number().int().positive(),
    hash: z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters'),
  })
  .catchall(z.union([z.string().max(1000), z.number(), z.boolean()]))

/** The seven Login Widget fields: what Telegram may sign (it leaves out what the account has not got). */
export const TELEGRAM_WIDGET_FIELDS = Object.keys(TelegramLoginBody.shape) as (keyof typeof TelegramLoginBody.shape)[]

export const RefreshBody = z.object({ refresh_token: z.string().min(20).max(200) })

/** The session a sign-in or refresh returns: the access token (as token and access_token), the refresh token and the user. */
export const SessionSchema = z.object({
  token: z.string(),
  access_token: z.string(),
  refresh_token: z.string(),
  user: UserSchema,
})

/** The gateway's answer to a sign-in or refresh: the session's user; its tokens went into cookies. */
export const SignedInSchema = z.object({ user: UserSchema })

/**
 * GET /auth/session: who the caller is — the user, or null for a guest (no token). A guest is an
 * answer, not an error, so the sign-in page's guard asks without a 401; a bad or expired token
 * is still a 401, which the gateway answers with one refresh.
 */
export const ViewerSessionSchema = z.object({ user: UserSchema.nullable() })

/** The answer of POST /auth/logout. */
export const LoggedOutSchema = z.object({ logged_out: z.literal(true) })

const OptionalName = z.string().trim().max(100).optional()
/** A phone number as typed: checked and verified later through POST /users/verify-phone. */
const OptionalPhone = z.string().trim().max(32).optional()

/** POST /auth/email-login: the ID token decides who signs in; the other fields are hints (docs/decisions/016-email-sign-in.md). */
export const EmailLoginBody = z.object({
  email: z.email().max(254).optional(),
  firebase_token: z.string().min(10).max(4096),
  first_name: OptionalName,
  last_name: OptionalName,
  phone_number: OptionalPhone,
  language_code: LanguageParam.optional(),
})

/** POST /auth/create-user: the account of a verified e-mail identity on first sign-up. */
export const CreateUserBody = z.object({
  firebase_token: z.string().min(10).max(4096),
  first_name: z.string().trim().min(1).max(100),
  last_name: OptionalName,
  phone_number: OptionalPhone,
  language_code: LanguageParam.optional(),
  /** Kept for the referrals issue. */
  referral_code: z.string().trim().max(32).optional(),
})

/** PUT /users/profile: only what the user may edit; credits, premium and role are never accepted. */
export const UpdateProfileBody = z
  .object({
    first_name: z.string().trim().min(1).max(100),
    last_name: z.string().trim().max(100).nullable(),
    username: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_]{3,32}$/, 'must be 3-32 letters, digits or _')
      .nullable(),
    language: LanguageParam,
  })
  .partial()

/** Persian (۰–۹) and Arabic-Indic (٠–٩) digits as Latin ones; bidi marks a paste may carry, dropped. */
const latinDigits = (s: string) =>
  s
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '')

/** A phone number in E.164 (`+` then 8–15 digits, no leading 0); spaces and dashes as typed are dropped. */
export const PhoneNumber = z
  .string()
  .max(40)
  .transform((s) => latinDigits(s).replace(/[\s\-\u2010-\u2013]/g, ''))
  .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, 'must be + and the country code, 8-15 digits in all'))

/** POST /users/verify-phone: without `code` a code is sent to the number; with it, the number is verified. */
export const VerifyPhoneBody = z.object({
  phone_number: PhoneNumber,
  code: z
    .string()
    .max(20)
    .transform((s) => latinDigits(s).replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'must be 6 digits'))
    .optional(),
})

/** The answer of POST /users/verify-phone when a code was sent. */
export const PhoneCodeSentSchema = z.object({ sent: z.literal(true), expires_in: z.number().int() })

/** POST /users/verify-phone: a code was sent (no `code` in the body), or the user with the number verified. */
export const PhoneVerificationSchema = z.union([PhoneCodeSentSchema, UserSchema])

/** GET /users/account-status: how the user signs in, and whether a method may be unlinked. */
export const AccountStatusSchema = z.object({
  auth_methods: z.array(z.string()),
  telegram_linked: z.boolean(),
  /** The linked Telegram account as Telegram names it (not the profile's editable username and name). */
  telegram_account: z.object({ username: z.string().nullable(), name: z.string().nullable() }).nullable(),
  email_linked: z.boolean(),
  email_verified: z.boolean(),
  phone_verified: z.boolean(),
  can_unlink: z.boolean(),
  created_at: z.string(),
})

/** GET /users/summary: the dashboard home — the user, own listings by status (statuses are keys) and the favourites count. */
export const AccountSummarySchema = z.object({
  user: UserSchema,
  listings: z.object({ total: z.number().int(), by_status: z.record(z.string(), z.number().int()) }),
  favorites: z.number().int(),
})

/** The answer of DELETE /users/account. */
export const AccountDeletedSchema = z.object({ deleted: z.literal(true) })

export const LinkMethodSchema = z.enum(['email', 'telegram'])

/** POST /users/verify-email-for-linking: the dry check before linking an e-mail. */
export const VerifyEmailForLinkingBody = z.object({
  email: z.email().max(254),
  firebase_token: z.string().min(10).max(4096),
})

/** POST /users/link-account: e-mail with its ID token, or Telegram's widget fields (JSON) with the link nonce (docs/decisions/018-account-linking-and-merging.md). */
export const LinkAccountBody = z.discriminatedUnion('auth_method', [
  z.object({
    auth_method: z.literal('email'),
    email: z.email().max(254).optional(),
    firebase_token: z.string().min(10).max(4096).optional(),
  }),
  z.object({
    auth_method: z.literal('telegram'),
    telegram_verification_token: z.string().max(4096).optional(),
    nonce: z.string().max(200).optional(),
  }),
])

/** POST /users/merge-accounts: only with the user's confirmation, confirm_merge true (docs/decisions/018-account-linking-and-merging.md). */
export const MergeAccountsBody = z.object({
  source_auth: z.object({ auth_method: LinkMethodSchema, merge_token: z.string().min(10).max(4096) }),
  target_auth: z.object({ auth_method: LinkMethodSchema }),
  confirm_merge: z.literal(true),
})

export const UnlinkAccountBody = z.object({ auth_method: LinkMethodSchema })

export const LinkedAccountSchema = z.object({ first_name: z.string(), listings_count: z.number().int() })

/** POST /users/link-nonce: the nonce a Telegram link must carry back, and how long it lasts. */
export const LinkNonceSchema = z.object({ nonce: z.string(), expires_in: z.number().int() })

/** POST /users/verify-email-for-linking: the verified address, and the account that already has it (a merge), if any. */
export const EmailForLinkingSchema = z.object({
  email: z.string(),
  email_verified: z.literal(true),
  linked_account: LinkedAccountSchema.nullable(),
})

/** POST /users/link-account: the user with the method linked. */
export const AccountLinkedSchema = z.object({ user: UserSchema, linked: LinkMethodSchema })

/** POST /users/merge-accounts: the surviving user and what moved over from the other account. */
export const AccountsMergedSchema = z.object({
  user: UserSchema,
  merged: z.object({
    listings: z.number().int(),
    favorites: z.number().int(),
    ai_credits: z.number().int(),
    free_boosts: z.number().int(),
    premium_days: z.number().int(),
  }),
})

/** DELETE /users/unlink-account: the user without the method. */
export const AccountUnlinkedSchema = z.object({ user: UserSchema })
