import { localizePath, type LocaleCode } from '../../../shared/locales.ts'

/**
 * The sign-in page of `locale` that goes on to `next` once signed in; `sessionEnded` adds
 * `login=required`, which says why ("Please sign in to continue."). A module of its own: the entry
 * needs it, and the guards beside it (guards.ts) would bring the users' and auth areas of the API
 * client into every page's script (docs/decisions/040-script-budget-per-page.md).
 */
export function signInPath(locale: LocaleCode, next: string, sessionEnded = false): string {
  const query = new URLSearchParams({ ...(sessionEnded && { login: 'required' }), next })
  return `${localizePath('/auth', locale)}?${query}`
}
