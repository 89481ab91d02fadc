import { noteSessionEnded } from '../session-end.ts'
import type { LocaleCode } from '../../../shared/locales.ts'
import type { Answer, Api } from './call.ts'

export type User = Answer<'UserSchema'>
export type AccountStatus = Answer<'AccountStatusSchema'>
export type AccountSummary = Answer<'AccountSummarySchema'>
export type LinkMethod = Answer<'LinkMethodSchema'>

/** /users/*: the signed-in user's own profile, phone, sign-in methods and account. */
export const usersApi = ({ call }: Api) => ({
  profile: (signal?: AbortSignal) => call('UserSchema', '/users/profile', { signal }),
  updateProfile: (body: {
    first_name?: string
    last_name?: string | null
    username?: string | null
    language?: LocaleCode
  }) => call('UserSchema', '/users/profile', { method: 'PUT', body }),
  /** The dashboard home: the user, own listings by status and the favourites count. */
  summary: (signal?: AbortSignal) => call('AccountSummarySchema', '/users/summary', { signal }),
  /** POST /users/verify-phone: without a code one is sent by SMS; with it the number is verified. */
  sendPhoneCode: (phoneNumber: string) =>
    call('PhoneCodeSentSchema', '/users/verify-phone', { method: 'POST', body: { phone_number: phoneNumber } }),
  verifyPhone: (phoneNumber: string, code: string) =>
    call('UserSchema', '/users/verify-phone', { method: 'POST', body: { phone_number: phoneNumber, code } }),
  accountStatus: (signal?: AbortSignal) => call('AccountStatusSchema', '/users/account-status', { signal }),
  linkNonce: async () => (await call('LinkNonceSchema', '/users/link-nonce', { method: 'POST', body: {} })).nonce,
  verifyEmailForLinking: (body: { email: string; firebase_token: string }) =>
    call('EmailForLinkingSchema', '/users/verify-email-for-linking', { method: 'POST', body }),
  linkAccount: async (body: { auth_method: 'email'; email: string; firebase_token: string }) =>
    (await call('AccountLinkedSchema', '/users/link-account', { method: 'POST', body })).user,
  /** A merge is always sent confirmed (`confirm_merge: true`): the page asked the user first. */
  async mergeAccounts(source: { auth_method: LinkMethod; merge_token: string }, target: LinkMethod) {
    const body = { source_auth: source, target_auth: { auth_method: target }, confirm_merge: true }
    return (await call('AccountsMergedSchema', '/users/merge-accounts', { method: 'POST', body })).user
  },
  unlinkAccount: async (authMethod: LinkMethod) =>
    (
      await call('AccountUnlinkedSchema', '/users/unlink-account', {
        method: 'DELETE',
        body: { auth_method: authMethod },
      })
    ).user,
  async deleteAccount(): Promise<void> {
    await call('AccountDeletedSchema', '/users/account', { method: 'DELETE' })
    noteSessionEnded()
  },
})
