import { createApi, type Api } from './index.ts'
import type { Transport } from './call.ts'

/** Signed-in areas whose 401 in the browser means the session is over; profile reads are the guards' own. */
const SIGNED_IN_CALL = /^\/(users|favorites|alerts|ai|admin|upload|subscription|payments|coupons|referrals)(\/|\?|$)/

/**
 * Wraps the browser transport: after the gateway's one refresh has failed, a 401 on a signed-in
 * call sends the reader to the localized root with `login=required`. The guards'
 * GET /users/profile keeps its 401, because the guards redirect with `next` themselves.
 */
export function withLoginRedirect(inner: Transport, onLoginRequired: () => void): Transport {
  return async (path, init) => {
    const answer = await inner(path, init)
    const guardCheck = (init?.method ?? 'GET') === 'GET' && path.startsWith('/users/profile')
    if (answer.status === 401 && SIGNED_IN_CALL.test(path) && !guardCheck) onLoginRequired()
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

let api: Api | undefined

/**
 * Starts the browser's API client, once per page (the entry does): calls go through the gateway
 * with the session cookies; a 401 on a signed-in call sends the reader to `signInAgain()`.
 * Answers are typed by the shared schemas, not parsed (docs/decisions/012-wire-contract.md).
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
