import { localeFromPath, localizePath } from '../../shared/locales.ts'
import { browserTransport, createApi, withLoginRedirect, type Api } from './api.ts'

let api: Api | undefined

/**
 * The browser's API client (one per page): calls through the gateway with the session cookies;
 * a 401 on a signed-in call sends the reader to sign in (SPEC §2).
 */
export function browserApi(): Api {
  api ??= createApi(
    withLoginRedirect(browserTransport, () => {
      window.location.assign(`${localizePath('/', localeFromPath(window.location.pathname))}?login=required`)
    }),
  )
  return api
}
