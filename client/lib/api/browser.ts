import { createApi, type Api } from './index.ts'
import type { Transport } from './call.ts'

/**
 * Wraps the browser transport of the components' client: a component calls the API only for a
 * signed-in act (save, reveal, boost, pay …), so a 401 there — the gateway's one refresh has failed
 * — means the session is over and the reader goes to sign in again. Loaders and actions use the
 * plain client: `signedIn()` (client/features/auth/signed-in.ts) turns their 401 into the redirect.
 */
export function withSignInAgain(inner: Transport, onUnauthenticated: () => void): Transport {
  return async (path, init) => {
    const answer = await inner(path, init)
    if (answer.status === 401) onUnauthenticated()
    return answer
  }
}

/** The browser transport: same-origin calls through the gateway, cookies included. */
export const browserTransport: Transport = async (path, init) => {
  const res = await fetch(`/api/v1${path}`, {
    method: init?.method ?? 'GET',
    headers: {
      ...init?.headers,
      accept: 'application/json',
      ...(init?.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init?.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: 'same-origin',
    signal: init?.signal,
  })
  const body: unknown = await res.json().catch(() => null)
  return { status: res.status, body }
}

let componentApi: Api | undefined
let plainApi: Api | undefined

/**
 * Starts the browser's API clients, once per page (the entry does): calls go through the gateway
 * with the session cookies. Answers the routes' client; `browserApi()` is then the components',
 * whose 401 sends the viewer to `signInAgain()`. Answers are typed by the shared schemas, not
 * parsed (docs/decisions/012-wire-contract.md).
 */
export function startBrowserApi(signInAgain: () => string): Api {
  componentApi = createApi(withSignInAgain(browserTransport, () => window.location.assign(signInAgain())))
  plainApi = createApi(browserTransport)
  return plainApi
}

/** The components' API client, for a signed-in act outside loaders and actions (a 401 → sign in again). */
export function browserApi(): Api {
  if (!componentApi) throw new Error('The browser API client is used before the entry started it')
  return componentApi
}

/** The client for a component's call that anyone may make (a page view, a contact-us message): a 401 there is only an error. */
export function publicBrowserApi(): Api {
  if (!plainApi) throw new Error('The browser API client is used before the entry started it')
  return plainApi
}
