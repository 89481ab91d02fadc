import { data, redirectDocument } from 'react-router'
import { isLocaleCode, type LocaleCode } from '../../../shared/locales.ts'
import type { ErrorReason } from '../../../shared/errors.ts'
import { ApiError } from '../../lib/api/call.ts'
import type { Api } from '../../lib/api/index.ts'
import type { Identity } from '../../lib/api/identity.ts'
import type { IdentityClient } from '../../lib/identity.ts'
import { authApi } from '../../lib/api/auth.ts'

export type EmailIntent = 'sign-in' | 'sign-up' | 'reset' | 'resend' | 'sign-in-link'

/** What went wrong, as the page shows it (translated there; branched on codes, never messages). */
export type EmailProblem =
  | { kind: 'invalid_credentials' | 'email_in_use' | 'too_many_emails' | 'network' }
  | { kind: 'too_many_attempts'; retryAfterS: number }
  | { kind: 'fields'; fields: string[] }
  | { kind: 'failed'; message: string; status: number; reason?: ErrorReason }

export type EmailAuthResult =
  | {
      intent: EmailIntent
      status: 'error'
      email: string
      problem: EmailProblem
      idToken?: string
      /** A paused sign-in offers an e-mailed sign-in link, where the provider has them. */
      offerLink?: boolean
    }
  | { intent: 'sign-in-link'; status: 'link-sent'; email: string }
  | { intent: 'sign-up' | 'resend'; status: 'check-inbox'; email: string; idToken: string }
  | { intent: 'sign-in'; status: 'unverified'; email: string; idToken: string }
  | { intent: 'reset'; status: 'reset-sent'; email: string }

/** The page-level reading of a failed call (throws what is not an API error). */
export function problemOf(err: unknown): EmailProblem {
  if (!(err instanceof ApiError)) throw err
  const reason = err.reason
  if (err.code === 'NETWORK_ERROR') return { kind: 'network' }
  if (reason === 'invalid_credentials') return { kind: 'invalid_credentials' }
  if (reason === 'email_already_in_use') return { kind: 'email_in_use' }
  if (reason === 'too_many_emails') return { kind: 'too_many_emails' }
  // a locked address, the per-client request limit or a full password queue: all "wait, then try again"
  if (err.code === 'RATE_LIMITED') {
    const details = err.details
    const retryAfterS = details && 'retry_after_s' in details ? details.retry_after_s : 0
    return { kind: 'too_many_attempts', retryAfterS: retryAfterS || 60 }
  }
  if (err.code === 'VALIDATION_ERROR' && err.fields.length > 0) {
    return { kind: 'fields', fields: err.fields.map((d) => d.path.split('.').pop() ?? '') }
  }
  return { kind: 'failed', message: err.message, status: err.status, reason }
}

/**
 * The product's session for a verified identity: /auth/email-login, which makes the account on the
 * address's first sign-in from the name given at sign-up (the gateway keeps the session's cookies).
 */
export async function enterWithIdentity(api: Api, identity: Identity, language: LocaleCode | undefined): Promise<void> {
  const [first, ...rest] = (identity.displayName ?? '').trim().split(/\s+/)
  await authApi(api).emailLogin({
    email: identity.email,
    firebase_token: identity.idToken,
    first_name: first || undefined,
    last_name: rest.join(' ') || undefined,
    language_code: language,
  })
}

/**
 * The e-mail steps of the sign-in page: the identity provider first (its ID token), then the
 * product's /auth/email-login (which makes the account on the first sign-in of a verified address).
 * A success reloads the document at `next`, so every part of the page sees the new session.
 */
export async function emailAuthAction(
  api: Api,
  identities: IdentityClient,
  form: FormData,
  locale: LocaleCode,
  next: string,
): Promise<EmailAuthResult | Response | ReturnType<typeof data<EmailAuthResult>>> {
  const text = (name: string) => String(form.get(name) ?? '').trim()
  const intent = text('intent') as EmailIntent
  const email = text('email')
  const language = isLocaleCode(locale) ? locale : undefined
  try {
    switch (intent) {
      case 'sign-in': {
        const identity = await identities.signIn({ email, password: String(form.get('password') ?? '') })
        if (!identity.emailVerified)
          return { intent, status: 'unverified', email: identity.email, idToken: identity.idToken }
        await enterWithIdentity(api, identity, language)
        return redirectDocument(next)
      }
      case 'sign-up': {
        const displayName = [text('first_name'), text('last_name')].filter(Boolean).join(' ')
        const identity = await identities.signUp({
          email,
          password: String(form.get('password') ?? ''),
          displayName,
          language,
        })
        return { intent, status: 'check-inbox', email: identity.email, idToken: identity.idToken }
      }
      case 'resend': {
        const idToken = text('id_token')
        await identities.sendVerification(idToken, language)
        return { intent, status: 'check-inbox', email, idToken }
      }
      case 'reset':
        await identities.sendPasswordReset(email, language)
        return { intent, status: 'reset-sent', email }
      case 'sign-in-link':
        if (!identities.signInLinks) break
        await identities.signInLinks.send(email)
        return { intent, status: 'link-sent', email }
    }
    return data<EmailAuthResult>(
      {
        intent: 'sign-in',
        status: 'error',
        email,
        problem: { kind: 'failed', message: 'Invalid authentication type', status: 400 },
      },
      { status: 400 },
    )
  } catch (err) {
    const problem = problemOf(err)
    // the page with its problem carries the refusal's status (a form sent without the app gets it too)
    const status = err instanceof ApiError && err.status >= 400 ? err.status : 400
    return data<EmailAuthResult>(
      {
        intent,
        status: 'error',
        email,
        problem,
        idToken: text('id_token') || undefined,
        offerLink: problem.kind === 'too_many_attempts' && Boolean(identities.signInLinks),
      },
      { status },
    )
  }
}
