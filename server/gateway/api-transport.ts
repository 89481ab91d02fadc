import type { Transport } from '../../client/lib/api/call.ts'
import { errorEnvelope } from '../lib/errors.ts'
import { apiHeaders, callWithSession, isSharedRead, type RequestSession, type Visitor } from './session.ts'
import { UpstreamError, type Upstream } from './upstream.ts'

/**
 * The page loaders' transport on the server: straight to the API over the gateway's pooled client,
 * under the request's session (session.ts holds the policy). Anonymous reads share the gateway's
 * short-lived cache, and so do a signed-in reader's reads that name nothing of them (`isSharedRead`).
 */
export function serverTransport(upstream: Upstream, visitor: Visitor, session: RequestSession): Transport {
  return async (path, init) => {
    const method = init?.method ?? 'GET'
    const send = (access: string | undefined) =>
      upstream.json({
        method,
        path: `/api/v1${path}`,
        headers: {
          ...init?.headers,
          accept: 'application/json',
          ...apiHeaders(visitor, access),
          ...(init?.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init?.body === undefined ? undefined : JSON.stringify(init.body),
        signal: init?.signal,
        anonymous: !access,
      })
    try {
      if (method === 'GET' && isSharedRead(path)) return await send(undefined)
      return (
        (await callWithSession(session, { method, path }, send)) ?? {
          status: 401,
          body: errorEnvelope('UNAUTHENTICATED', 'Authentication required'),
        }
      )
    } catch (err) {
      if (err instanceof UpstreamError) return { status: err.status, body: errorEnvelope(err.code, err.message) }
      throw err
    }
  }
}
