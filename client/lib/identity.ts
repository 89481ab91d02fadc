import type { LocaleCode } from '../../shared/locales.ts'
import type { PublicConfig } from '../../shared/public-config.ts'
import type { BareReasonOf, ErrorCode } from '../../shared/errors.ts'
import { ApiError } from './api/call.ts'
import type { ActionMode, Identity } from './api/identity.ts'
import type { Api } from './api/index.ts'
import { identityApi } from './api/identity.ts'

/**
 * The e-mail identity provider as the pages use it (docs/decisions/016-email-sign-in.md): the built-in provider behind
 * /api/v1/identity, or Firebase Authentication through its REST API when the server has a
 * Firebase web config. Both answer an ID token for POST /auth/email-login and fail with the same
 * `ApiError` reasons, so the pages never know which one runs.
 */
export interface IdentityClient {
  signUp(input: { email: string; password: string; displayName?: string; language?: LocaleCode }): Promise<Identity>
  signIn(input: { email: string; password: string }): Promise<Identity>
  sendVerification(idToken: string, language?: LocaleCode): Promise<void>
  sendPasswordReset(email: string, language?: LocaleCode): Promise<void>
  /** What a reset link is for, without using it. */
  checkResetCode(oobCode: string, signal?: AbortSignal): Promise<{ email: string }>
  applyCode(
    input: { mode: ActionMode; oobCode: string; newPassword?: string },
    signal?: AbortSignal,
  ): Promise<{ email: string }>
  /**
   * E-mailed single-use sign-in links, the way in while strangers keep password sign-in paused
   * (docs/decisions/016-email-sign-in.md): the built-in provider's only; Firebase keeps its own lock.
   */
  signInLinks?: {
    send(email: string): Promise<void>
    /** Whom a sign-in link is for, without using it. */
    check(oobCode: string, signal?: AbortSignal): Promise<{ email: string }>
    use(oobCode: string, signal?: AbortSignal): Promise<Identity>
  }
}

/** The built-in provider, through the product API. */
export function builtInIdentity(api: Api): IdentityClient {
  return {
    signUp: ({ email, password, displayName, language }) =>
      identityApi(api).signUp({ email, password, display_name: displayName, language }),
    signIn: (input) => identityApi(api).signIn(input),
    async sendVerification(idToken) {
      await identityApi(api).sendVerification(idToken)
    },
    sendPasswordReset: (email) => identityApi(api).sendPasswordReset(email),
    async checkResetCode(oobCode, signal) {
      const found = await identityApi(api).checkCode(oobCode, signal)
      if (found.mode !== 'resetPassword') throw invalidCode()
      return { email: found.email }
    },
    applyCode: ({ mode, oobCode, newPassword }, signal) =>
      identityApi(api).applyCode({ mode, oob_code: oobCode, new_password: newPassword }, signal),
    signInLinks: {
      send: (email) => identityApi(api).sendSignInLink(email),
      async check(oobCode, signal) {
        const found = await identityApi(api).checkCode(oobCode, signal)
        if (found.mode !== 'signIn') throw invalidCode()
        return { email: found.email }
      },
      use: (oobCode, signal) => identityApi(api).signInWithCode(oobCode, signal),
    },
  }
}

const invalidCode = () =>
  new ApiError(400, 'VALIDATION_ERROR', 'This link is invalid, expired or already used', [
    { path: 'oob_code', code: 'invalid_code', message: 'is invalid' },
  ])

/** Firebase's error names (identitytoolkit v1) read as the built-in provider's reasons. */
function firebaseError(status: number, message: string): ApiError {
  const name = message.split(/[\s:]/)[0] ?? ''
  const reason = (code: ErrorCode, httpStatus: number, apiReason: BareReasonOf<ErrorCode>, text: string) =>
    new ApiError(httpStatus, code, text, { reason: apiReason })
  switch (name) {
    case 'EMAIL_EXISTS':
      return reason('CONFLICT', 409, 'email_already_in_use', 'An account with this e-mail already exists')
    case 'INVALID_LOGIN_CREDENTIALS':
    case 'INVALID_PASSWORD':
    case 'EMAIL_NOT_FOUND':
    case 'USER_DISABLED':
      return reason('UNAUTHENTICATED', 401, 'invalid_credentials', 'Wrong e-mail or password')
    case 'TOO_MANY_ATTEMPTS_TRY_LATER':
      return new ApiError(429, 'RATE_LIMITED', 'Too many attempts; try again later', {
        reason: 'too_many_attempts',
        retry_after_s: 300,
      })
    case 'INVALID_OOB_CODE':
    case 'EXPIRED_OOB_CODE':
      return invalidCode()
    case 'WEAK_PASSWORD':
      return new ApiError(400, 'VALIDATION_ERROR', 'The request is not valid', [
        { path: 'password', code: 'too_small', message },
      ])
    case 'INVALID_EMAIL':
      return new ApiError(400, 'VALIDATION_ERROR', 'The request is not valid', [
        { path: 'email', code: 'invalid_format', message },
      ])
    default:
      return new ApiError(status || 502, 'IDENTITY_PROVIDER_ERROR', message || `Email login failed: ${status}`)
  }
}

/** `email_verified` and `name` from an ID token's payload (read only: the API verifies the token). */
function claimsOf(idToken: string): { email_verified?: boolean; name?: string } {
  try {
    return JSON.parse(atob((idToken.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as {
      email_verified?: boolean
      name?: string
    }
  } catch {
    return {}
  }
}

/** Firebase Authentication through its REST API (no SDK in the bundle). */
export function firebaseIdentity(options: { apiKey: string; baseUrl?: string; fetch?: typeof fetch }): IdentityClient {
  const base = options.baseUrl ?? 'https://identitytoolkit.googleapis.com/v1'
  const doFetch = options.fetch ?? fetch

  async function call<T>(
    method: string,
    body: Record<string, unknown>,
    language?: LocaleCode,
    signal?: AbortSignal,
  ): Promise<T> {
    let res: Response
    try {
      res = await doFetch(`${base}/accounts:${method}?key=${encodeURIComponent(options.apiKey)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(language ? { 'x-firebase-locale': language } : {}) },
        body: JSON.stringify(body),
        signal,
      })
    } catch {
      throw new ApiError(0, 'NETWORK_ERROR', 'Network error. Please check your connection.')
    }
    const data = (await res.json().catch(() => null)) as (T & { error?: { message?: string } }) | null
    if (!res.ok || !data) throw firebaseError(res.status, data?.error?.message ?? '')
    return data
  }

  const identityOf = (idToken: string, email: string, displayName?: string | null): Identity => {
    const claims = claimsOf(idToken)
    return {
      idToken,
      uid: '',
      email,
      emailVerified: claims.email_verified === true,
      displayName: displayName ?? claims.name ?? null,
    }
  }

  return {
    async signUp({ email, password, displayName, language }) {
      const created = await call<{ idToken: string; email: string }>('signUp', {
        email,
        password,
        returnSecureToken: true,
      })
      let idToken = created.idToken
      if (displayName)
        idToken = (await call<{ idToken: string }>('update', { idToken, displayName, returnSecureToken: true })).idToken
      await call('sendOobCode', { requestType: 'VERIFY_EMAIL', idToken }, language)
      return identityOf(idToken, created.email, displayName)
    },
    async signIn({ email, password }) {
      const session = await call<{ idToken: string; email: string; displayName?: string }>('signInWithPassword', {
        email,
        password,
        returnSecureToken: true,
      })
      return identityOf(session.idToken, session.email, session.displayName)
    },
    async sendVerification(idToken, language) {
      await call('sendOobCode', { requestType: 'VERIFY_EMAIL', idToken }, language)
    },
    async sendPasswordReset(email, language) {
      try {
        await call('sendOobCode', { requestType: 'PASSWORD_RESET', email }, language)
      } catch (err) {
        // the same answer whether or not the address has an account
        if (!(err instanceof ApiError && err.status === 401)) throw err
      }
    },
    async checkResetCode(oobCode, signal) {
      return { email: (await call<{ email: string }>('resetPassword', { oobCode }, undefined, signal)).email }
    },
    async applyCode({ mode, oobCode, newPassword }, signal) {
      if (mode === 'verifyEmail')
        return { email: (await call<{ email: string }>('update', { oobCode }, undefined, signal)).email }
      return {
        email: (await call<{ email: string }>('resetPassword', { oobCode, newPassword }, undefined, signal)).email,
      }
    },
  }
}

/** Firebase Authentication when the server configured it, else the built-in provider. */
export function identityFor(config: PublicConfig, api: Api): IdentityClient {
  return config.firebaseApiKey ? firebaseIdentity({ apiKey: config.firebaseApiKey }) : builtInIdentity(api)
}
