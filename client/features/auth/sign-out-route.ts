import type { RouteObject } from 'react-router'
import type { LocaleCode } from '../../../shared/locales.ts'

/** The address "Sign out" is sent to (named here, not in the action's module, which would put it in every page's script). */
export const SIGN_OUT_PATH = '/sign-out'

/**
 * `/sign-out`: "Sign out"'s form (sign-out-action.ts). An action and no page, outside the layouts, as
 * `/favorite` is (docs/decisions/041-forms-without-javascript.md).
 */
export function signOutRoute(code: LocaleCode): RouteObject {
  return {
    id: `${code}:sign-out`,
    path: SIGN_OUT_PATH.slice(1),
    lazy: async () => {
      const { action, loader } = await import('./sign-out-action.ts')
      return { action, loader }
    },
  }
}
