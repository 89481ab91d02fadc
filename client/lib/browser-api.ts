import { browserTransport, createApi, withLoginRedirect, type Api } from './api.ts'

let api: Api | undefined

/**
 * Starts the browser's API client, once per page (the entry does): calls go through the gateway
 * with the session cookies; a 401 on a signed-in call sends the reader to `signInAgain()`.
 */
export function startBrowserApi(signInAgain: () => string): Api {
  api = createApi(withLoginRedirect(browserTransport, () => window.location.assign(signInAgain())))
  return api
}

/** The page's API client, for what components do outside loaders and actions. */
export function browserApi(): Api {
  if (!api) throw new Error('The browser API client is used before the entry started it')
  return api
}
