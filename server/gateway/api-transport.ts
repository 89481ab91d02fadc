import type { Transport } from '../../client/lib/api.ts'
import { UpstreamError, type Upstream } from './upstream.ts'

/** A page request's session, as the loaders' transport needs it. */
export interface LoaderSession {
  access(): string | undefined
  /** Called once after a 401 with a token: a new access token, or undefined when the session is over. */
  renew(): Promise<string | undefined>
}

/** Reads that are the same for every anonymous visitor (listings and places); `path` is below /api/v1. */
export const isPublicRead = (path: string): boolean => /^\/(listings|locations)(\/|\?|$)/.test(path)

/**
 * The page loaders' transport on the server: straight to the API over the gateway's pooled client,
 * with the policy of SPEC §4 (401 with a token → one renewal and one retry; public reads then go
 * anonymous). Anonymous reads share the gateway's short-lived cache.
 */
/** `clientAddress`: the visitor's address as the gateway resolved it (TRUST_PROXY), for the API's per-client limits. */
export function serverTransport(upstream: Upstream, requestId: string, session?: LoaderSession, clientAddress?: string): Transport {
  return async (path, init) => {
    const method = init?.method ?? 'GET'
    const call = (access: string | undefined) =>
      upstream.json({
        method,
        path: `/api/v1${path}`,
        headers: {
          accept: 'application/json',
          'x-request-id': requestId,
          ...(clientAddress ? { 'x-forwarded-for': clientAddress } : {}),
          ...(init?.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(access ? { authorization: `Bearer ${access}` } : {}),
        },
        body: init?.body === undefined ? undefined : JSON.stringify(init.body),
        signal: init?.signal,
        anonymous: !access,
      })
    try {
      const access = session?.access()
      let answer = await call(access)
      if (answer.status === 401 && access && session) {
        const renewed = await session.renew()
        if (renewed) answer = await call(renewed)
        else if (method === 'GET' && isPublicRead(path)) answer = await call(undefined)
      }
      return answer
    } catch (err) {
      if (err instanceof UpstreamError) {
        return { status: err.status, body: { success: false, data: null, error: { code: err.code, message: err.message, details: null } } }
      }
      throw err
    }
  }
}
