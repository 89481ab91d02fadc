import { redirect, redirectDocument } from 'react-router'
import { localizePath, type LocaleCode } from '../../../shared/locales.ts'
import { ApiError, errorReasonOf, UnauthenticatedError } from '../../lib/api/call.ts'
import type { Api } from '../../lib/api/index.ts'
import type { LinkMethod } from '../../lib/api/users.ts'
import type { IdentityClient } from '../../lib/identity.ts'
import { problemOf, type EmailProblem } from '../auth/email-auth.ts'
import { usersApi } from '../../lib/api/users.ts'

export type AccountResult =
  | { intent: 'telegram-nonce'; status: 'nonce'; nonce: string }
  | { intent: 'link-email'; status: 'check-inbox'; email: string }
  | { intent: 'link-email'; status: 'merge'; method: LinkMethod; mergeToken: string; otherName: string }
  | { intent: 'link-email' | 'unlink'; status: 'done'; method: LinkMethod }
  | { intent: string; status: 'error'; problem: EmailProblem }

const isMethod = (value: unknown): value is LinkMethod => value === 'email' || value === 'telegram'

/**
 * Adds e-mail sign-in to the account: the provider's password sign-in (or sign-up for a new
 * address), a verified address only, then the link — or the merge the API asks to confirm.
 */
async function linkEmail(
  api: Api,
  identities: IdentityClient,
  form: FormData,
  locale: LocaleCode,
): Promise<AccountResult> {
  const email = String(form.get('email') ?? '').trim()
  const password = String(form.get('password') ?? '')
  let identity
  try {
    identity = await identities.signIn({ email, password })
  } catch (err) {
    if (errorReasonOf(err) !== 'invalid_credentials') throw err
    try {
      await identities.signUp({ email, password, language: locale })
      return { intent: 'link-email', status: 'check-inbox', email }
    } catch (signUpErr) {
      // the address has a provider account and this is not its password
      if (errorReasonOf(signUpErr) === 'email_already_in_use') throw err
      throw signUpErr
    }
  }
  if (!identity.emailVerified) {
    await identities.sendVerification(identity.idToken, locale).catch(() => undefined)
    return { intent: 'link-email', status: 'check-inbox', email: identity.email }
  }
  await usersApi(api).verifyEmailForLinking({ email: identity.email, firebase_token: identity.idToken })
  try {
    await usersApi(api).linkAccount({ auth_method: 'email', email: identity.email, firebase_token: identity.idToken })
  } catch (err) {
    const merge = err instanceof ApiError ? err.detailsOf('merge_required') : undefined
    if (merge) {
      return {
        intent: 'link-email',
        status: 'merge',
        method: 'email',
        mergeToken: merge.merge_token,
        otherName: merge.other_account.first_name,
      }
    }
    throw err
  }
  return { intent: 'link-email', status: 'done', method: 'email' }
}

/** The account page's one action: every form on it names its intent. */
export async function accountAction(
  api: Api,
  identities: IdentityClient,
  form: FormData,
  locale: LocaleCode,
): Promise<AccountResult | Response> {
  const intent = String(form.get('intent') ?? '')
  const accountPage = localizePath('/dashboard/account-management', locale)
  try {
    switch (intent) {
      case 'telegram-nonce':
        return { intent, status: 'nonce', nonce: await usersApi(api).linkNonce() }
      case 'link-email':
        return await linkEmail(api, identities, form, locale)
      case 'merge': {
        const method = form.get('method')
        const target = form.get('target')
        if (!isMethod(method) || !isMethod(target)) break
        await usersApi(api).mergeAccounts(
          { auth_method: method, merge_token: String(form.get('merge_token') ?? '') },
          target,
        )
        return redirect(`${accountPage}?merged=1`)
      }
      case 'unlink': {
        const method = form.get('method')
        if (!isMethod(method)) break
        await usersApi(api).unlinkAccount(method)
        return { intent, status: 'done', method }
      }
      case 'delete':
        await usersApi(api).deleteAccount()
        return redirectDocument(`${localizePath('/', locale)}?account=deleted`)
    }
    return { intent, status: 'error', problem: { kind: 'failed', message: 'Invalid authentication type', status: 400 } }
  } catch (err) {
    // a session that ended is the route's to turn into sign-in (signedIn()); linking an e-mail has a 401 of its own: a wrong password
    if (err instanceof UnauthenticatedError && intent !== 'link-email') throw err
    return { intent, status: 'error', problem: problemOf(err) }
  }
}
