import { redirect, type RouterContextProvider } from 'react-router'
import { localizePath } from '../../../shared/locales.ts'
import { safeNext } from '../../../shared/paths.ts'
import { UnauthenticatedError } from '../../lib/api/call.ts'
import type { User } from '../../lib/api/users.ts'
import { apiContext, localeContext } from '../../lib/context.ts'
import { authApi } from '../../lib/api/auth.ts'
import { usersApi } from '../../lib/api/users.ts'

type Context = Readonly<RouterContextProvider>

/** The signed-in user; without a session an `UnauthenticatedError`, which `signedIn()` turns into sign-in. */
export function requireUser(context: Context, request: Request): Promise<User> {
  return usersApi(context.get(apiContext)).profile(request.signal)
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
    if (err instanceof UnauthenticatedError) return null
    throw err
  }
  throw redirect(safeNext(url.searchParams.get('next'), localizePath('/dashboard', context.get(localeContext))))
}
