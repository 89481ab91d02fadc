import type { RouteObject } from 'react-router'
import type { LocaleCode } from '../../../shared/locales.ts'

/**
 * `/favorite`: every heart's form, wherever it is shown (favorite-action.ts). An action and no page,
 * loaded on the first heart pressed; outside the layouts, as nothing is ever shown at its address.
 */
export function favoriteRoute(code: LocaleCode): RouteObject {
  return {
    id: `${code}:favorite`,
    path: 'favorite',
    lazy: async () => {
      const { action, loader } = await import('./favorite-action.ts')
      return { action, loader }
    },
  }
}
