import { z } from 'zod'
import { LanguageParam } from './common.ts'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../form-limits.ts'

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH }

export const EmailField = z.email().max(254)
export const PasswordField = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH)
/** An ID token of the e-mail identity provider (Firebase or built-in): a JWT. */
export const IdTokenField = z
  .string()
  .regex(/^[\w-]+\.[\w-]+\.[\w-]*$/, 'must be a JWT')
  .max(4096)

export const IdentitySignUpBody = z.object({
  email: EmailField,
  password: PasswordField,
  display_name: z.string().trim().max(200).optional(),
  language: LanguageParam.optional(),
})

export const IdentitySignInBody = z.object({ email: EmailField, password: z.string().min(1).max(PASSWORD_MAX_LENGTH) })

export const IdTokenBody = z.object({ id_token: IdTokenField })

export const PasswordResetRequestBody = z.object({ email: EmailField })
export const SignInLinkRequestBody = z.object({ email: EmailField })

/** What a link of the provider does: the first two are used by /identity/apply-code, a sign-in link by /identity/sign-in-with-code. */
export const LinkMode = z.enum(['verifyEmail', 'resetPassword', 'signIn'])
export const ActionMode = z.enum(['verifyEmail', 'resetPassword'])
export const OobCodeField = z.string().regex(/^[\w-]{20,100}$/, 'is not a valid link code')
export const CheckCodeBody = z.object({ oob_code: OobCodeField })
export const ApplyCodeBody = z.object({
  mode: ActionMode,
  oob_code: OobCodeField,
  new_password: PasswordField.optional(),
})

/** What the provider answers on sign-up and sign-in. */
export const IdentitySchema = z.object({
  id_token: z.string(),
  uid: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  display_name: z.string().nullable(),
})
export type Identity = z.infer<typeof IdentitySchema>

/** What a verification or password-reset link did, and for whom (POST /identity/check-code and /identity/apply-code). */
export const ActionResultSchema = z.object({ mode: LinkMode, email: z.string() })

/** POST /identity/send-verification: sent, or nothing to send because the address is verified already. */
export const VerificationSentSchema = z.object({ sent: z.boolean(), already_verified: z.boolean() })

/** POST /identity/send-password-reset: always "sent", whether or not the address has an account. */
export const PasswordResetSentSchema = z.object({ sent: z.literal(true) })

/** POST /identity/send-sign-in-link: always "sent", whether or not the address has an account. */
export const SignInLinkSentSchema = z.object({ sent: z.literal(true) })
