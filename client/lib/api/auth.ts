import type { LocaleCode } from '../../../shared/locales.ts'
import { noteSessionEnded } from '../session-end.ts'
import { ApiError, type Answer, type Api } from './call.ts'
import type { User } from './users.ts'

/** A sign-in answer without its user is an error of its own (LOGIN_RESPONSE_INVALID), never a signed-out success. */
function sessionUser(answer: Answer<'SignedInSchema'>): User {
  if (!answer?.user) throw new ApiError(500, 'LOGIN_RESPONSE_INVALID', 'Login response missing user data')
  return answer.user
}

/** Sign-in through the gateway, which keeps the tokens in cookies and answers the user. */
export const authApi = ({ call }: Api) => ({
  /** Who is signed in: the user, or null for a guest (an answer, never a 401 for one). */
  viewer: async (signal?: AbortSignal): Promise<User | null> =>
    (await call('ViewerSessionSchema', '/auth/session', { signal })).user,
  async logout(): Promise<void> {
    await call('LoggedOutSchema', '/auth/logout', { method: 'POST', body: {} })
    noteSessionEnded()
  },
  /** The account of a verified e-mail identity, made on its first sign-in from the names given. */
  emailLogin: async (body: {
    email: string
    firebase_token: string
    first_name?: string
    last_name?: string
    language_code?: LocaleCode
  }) => sessionUser(await call('SignedInSchema', '/auth/email-login', { method: 'POST', body })),
})
