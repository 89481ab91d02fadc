import type { Transport } from '../../client/lib/api.ts'
import { UpstreamError, type Upstream } from './upstream.ts'

/** The page loaders' transport on the server: straight to the API over the gateway's pooled client. */
export function serverTransport(upstream: Upstream, requestId: string): Transport {
  return async (path, init) => {
    try {
      return await upstream.json({
        method: init?.method ?? 'GET',
        path: `/api/v1${path}`,
        headers: {
          accept: 'application/json',
          'x-request-id': requestId,
          ...(init?.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init?.body === undefined ? undefined : JSON.stringify(init.body),
        signal: init?.signal,
        anonymous: true,
      })
    } catch (err) {
      if (err instanceof UpstreamError) {
        return { status: err.status, body: { success: false, data: null, error: { code: err.code, message: err.message, details: null } } }
      }
      throw err
    }
  }
}
