import { localeFromPath, stripLocale } from '../../shared/locales.ts'

/**
 * Pages where a password, a one-time code or a payment is typed or confirmed: never kept, by any
 * cache, the browser's back/forward cache included (docs/decisions/038-pages-and-the-back-forward-cache.md).
 */
const KEPT_NOWHERE = [/^\/auth(\/|$)/, /^\/checkout\/sandbox\//]

/**
 * The `cache-control` of a page (docs/decisions/038-pages-and-the-back-forward-cache.md): no shared
 * cache ever holds one (`private`), the browser asks again on every ordinary load (`no-cache`,
 * with `Vary: Cookie` another visitor's copy is never used) and may keep it in the back/forward
 * cache. A failure, and the pages where secrets are typed, are kept nowhere (`no-store`).
 */
export function pageCacheControl(pathname: string, status: number): string {
  if (status >= 500) return 'no-store'
  const path = stripLocale(pathname, localeFromPath(pathname))
  return KEPT_NOWHERE.some((page) => page.test(path)) ? 'no-store' : 'private, no-cache'
}
