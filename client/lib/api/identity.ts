import type { LocaleCode } from '../../../shared/locales.ts'
import type { Answer, Api } from './call.ts'

export type Identity = Answer<'IdentitySchema'>
/** What a link of the provider does (a sign-in link is used by signInWithCode, the others by applyCode). */
export type LinkMode = Answer<'ActionResultSchema'>['mode']
export type ActionMode = Exclude<LinkMode, 'signIn'>

/** The built-in e-mail identity provider (the same steps Firebase Authentication offers). */
export const identityApi = ({ call }: Api) => ({
  signUp: (body: { email: string; password: string; display_name?: string; language?: LocaleCode }) =>
    call('IdentitySchema', '/identity/sign-up', { method: 'POST', body }),
  signIn: (body: { email: string; password: string }) =>
    call('IdentitySchema', '/identity/sign-in', { method: 'POST', body }),
  sendVerification: (idToken: string) =>
    call('VerificationSentSchema', '/identity/send-verification', { method: 'POST', body: { id_token: idToken } }),
  async sendPasswordReset(email: string): Promise<void> {
    await call('PasswordResetSentSchema', '/identity/send-password-reset', { method: 'POST', body: { email } })
  },
  async sendSignInLink(email: string): Promise<void> {
    await call('SignInLinkSentSchema', '/identity/send-sign-in-link', { method: 'POST', body: { email } })
  },
  signInWithCode: (oobCode: string, signal?: AbortSignal) =>
    call('IdentitySchema', '/identity/sign-in-with-code', { method: 'POST', body: { oob_code: oobCode }, signal }),
  checkCode: (oobCode: string, signal?: AbortSignal) =>
    call('ActionResultSchema', '/identity/check-code', { method: 'POST', body: { oob_code: oobCode }, signal }),
  applyCode: (body: { mode: ActionMode; oob_code: string; new_password?: string }, signal?: AbortSignal) =>
    call('ActionResultSchema', '/identity/apply-code', { method: 'POST', body, signal }),
})
