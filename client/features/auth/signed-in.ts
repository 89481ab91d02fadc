import { redirect, type RouterContextProvider } from 'react-router'
import { safeNext } from '../../../shared/paths.ts'
import { UnauthenticatedError } from '../../lib/api/call.ts'
import { localeContext } from '../../lib/context.ts'
import { signInPath } from './sign-in-path.ts'

type Context = Readonly<RouterContextProvider>

/**
 * The one way a 401 becomes "sign in": wraps a signed-in route's loader or action, and an
 * `UnauthenticatedError` from any API call in it (the guard's, the page's own) becomes the
 * redirect to sign-in with `next` = the address asked for — a 302 on the server, a navigation in
 * the browser. For an action, `next` is the page its form names as `from` (else its own address),
 * and the sign-in page says why (`login=required`). Outside the router, the component API client does the same (client/lib/api/browser.ts).
 * A module of its own: public pages' actions use it, and the guards beside it (guards.ts) bring the
 * users' and auth areas of the API client (docs/decisions/040-script-budget-per-page.md).
 */
export function signedIn<Args extends { request: Request; context: Context }, Result>(
  handler: (args: Args) => Promise<Result>,
): (args: Args) => Promise<Result> {
  return async (args) => {
    // an action's form may name the page it was sent from (`from`), where sign-in comes back to
    const sent = args.request.method === 'GET' ? null : args.request.clone()
    try {
      return await handler(args)
    } catch (err) {
      if (!(err instanceof UnauthenticatedError)) throw err
      const url = new URL(args.request.url)
      const asked = url.pathname + url.search
      if (!sent) throw redirect(signInPath(args.context.get(localeContext), asked))
      // something was done without a session (one that ended, or never was): the sign-in page says why
      const from = (await sent.formData().catch(() => null))?.get('from')
      throw redirect(signInPath(args.context.get(localeContext), safeNext(from?.toString(), asked), true))
    }
  }
}
