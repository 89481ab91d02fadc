import { redirect, redirectDocument, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router'
import { localizePath } from '../../../shared/locales.ts'
import { authApi } from '../../lib/api/auth.ts'
import { apiContext, localeContext } from '../../lib/context.ts'

/**
 * "Sign out": the session ends (the API revokes its refresh token; the gateway clears the cookies,
 * through its proxy in the app and with this answer without it), then the home page is loaded afresh
 * as a document, so nothing of the signed-in app stays in memory. A session already gone is signed
 * out too. Docs/decisions/041-forms-without-javascript.md.
 */
export async function action({ context }: ActionFunctionArgs) {
  await authApi(context.get(apiContext))
    .logout()
    .catch(() => undefined)
  return redirectDocument(localizePath('/', context.get(localeContext)))
}

/** Nothing to see at the action's own address. */
export const loader = ({ context }: LoaderFunctionArgs) => redirect(localizePath('/', context.get(localeContext)))
