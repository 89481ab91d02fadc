import { redirect } from 'react-router'
import { localeFromPath, localizePath } from '../../../shared/locales.ts'
import { ApiError, type Api, type User } from '../../lib/api.ts'

/** A `next` target only when it is a path of this site (no scheme, no `//host`): never an open redirect. */
export function safeNext(next: string | null, fallback: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return fallback
  return next
}

/** Auth guard (SPEC §2, §4): the signed-in user, or a redirect to the localized sign-in page with `next`. */
export async function requireUser(api: Api, request: Request): Promise<User> {
  try {
    return await api.users.profile(request.signal)
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      const url = new URL(request.url)
      throw redirect(`${localizePath('/auth', localeFromPath(url.pathname))}?next=${encodeURIComponent(url.pathname + url.search)}`)
    }
    throw err
  }
}

/** Guest guard: a signed-in visitor on the sign-in page goes on to `next` or the dashboard. */
export async function requireGuest(api: Api, request: Request): Promise<null> {
  const url = new URL(request.url)
  try {
    await api.users.profile(request.signal)
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null
    throw err
  }
  throw redirect(safeNext(url.searchParams.get('next'), localizePath('/dashboard', localeFromPath(url.pathname))))
}
