import type { RouteObject } from 'react-router'
import type { LocaleCode } from '../../../shared/locales.ts'

/**
 * The route every heart's form is sent to, wherever it is shown: an action of its own, so a heart
 * pressed in the app loads favorite-action.ts alone, not a page's (the hearts import this path from
 * here, never from the action's module, which would put it in every page's script).
 */
export const FAVORITE_PATH = '/favorite'

/**
 * `/favorite`: every heart's form, wherever it is shown (favorite-action.ts). An action and no page,
 * loaded on the first heart pressed; outside the layouts, as nothing is ever shown at its address.
 */
export function favoriteRoute(code: LocaleCode): RouteObject {
  return {
    id: `${code}:favorite`,
    path: FAVORITE_PATH.slice(1),
    lazy: async () => {
      const { action, loader } = await import('./favorite-action.ts')
      return { action, loader }
    },
  }
}
