import { redirect, type RouterContextProvider } from 'react-router'
import { localizePath } from '../../../shared/locales.ts'
import { safeNext } from '../../../shared/paths.ts'
import { authApi } from '../../lib/api/auth.ts'
import { usersApi } from '../../lib/api/users.ts'
import { ApiError } from '../../lib/api/call.ts'
import type { User } from '../../lib/api/users.ts'
import { apiContext, localeContext } from '../../lib/context.ts'

type Context = Readonly<RouterContextProvider>

/** Auth guard: the signed-in user, or a redirect to the localized sign-in page with `next`. */
export async function requireUser(context: Context, request: Request): Promise<User> {
  try {
    return await usersApi(context.get(apiContext)).profile(request.signal)
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      const url = new URL(request.url)
      throw redirect(
        `${localizePath('/auth', context.get(localeContext))}?next=${encodeURIComponent(url.pathname + url.search)}`,
      )
    }
    throw err
  }
}

/**
 * Guest guard: a signed-in visitor on the sign-in page goes on to `next` or the dashboard. It asks
 * GET /auth/session, where a guest is an answer (a 401 would be an error in the browser's console
 * on every visit); a session that has ended is a 401 there, and a guest too.
 */
export async function requireGuest(context: Context, request: Request): Promise<null> {
  const url = new URL(request.url)
  try {
    if (!(await authApi(context.get(apiContext)).viewer(request.signal))) return null
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null
    throw err
  }
  throw redirect(safeNext(url.searchParams.get('next'), localizePath('/dashboard', context.get(localeContext))))
}
