import { redirect } from 'react-router'
import { localeFromPath, localizePath } from '../../../shared/locales.ts'
import { safeNext } from '../../../shared/paths.ts'
import { ApiError, type Api, type User } from '../../lib/api.ts'


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
