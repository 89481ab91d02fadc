import type { FastifyPluginAsync } from 'fastify'
import type { Readable } from 'node:stream'
import { errorEnvelope } from '../lib/errors.ts'
import { mayHaveSession } from './session-cookies.ts'
import { UpstreamError, type Upstream } from './upstream.ts'

const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-language', 'content-type', 'content-length', 'if-none-match', 'user-agent']
const FORWARDED_RESPONSE_HEADERS = ['content-type', 'content-length', 'cache-control', 'etag', 'retry-after', 'x-request-id']

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Reads that are the same for every anonymous visitor: listings and places. */
const PUBLIC_READ = /^\/api\/v1\/(listings|locations)(\/|\?|$)/

/** /api/v1/* to the product API over HTTP, bodies streamed both ways; failures become 502/504 envelopes. */
export const proxyRoutes: FastifyPluginAsync<{ upstream: Upstream; publicBaseUrl: string }> = async (app, { upstream, publicBaseUrl }) => {
  const publicOrigin = new URL(publicBaseUrl).origin
  // Bodies pass through untouched: the API parses and limits them.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload))

  app.all('/api/v1/*', async (request, reply) => {
    // CSRF: a state-changing call must come from our own pages (Origin / Fetch Metadata checks).
    if (!SAFE_METHODS.has(request.method)) {
      const origin = request.headers.origin
      const ownOrigin = `${request.protocol}://${request.host}`
      const crossSite = request.headers['sec-fetch-site'] === 'cross-site'
      if (crossSite || (origin !== undefined && origin !== publicOrigin && origin !== ownOrigin)) {
        return reply.status(403).send(errorEnvelope('FORBIDDEN', 'Cross-site request refused'))
      }
    }
    // Anonymous public reads are answered from the gateway's short-lived cache (one API call per
    // entry, shared by concurrent requests). A request carrying credentials always goes through.
    if (request.method === 'GET' && PUBLIC_READ.test(request.url) && !mayHaveSession(request)) {
      try {
        const answer = await upstream.publicText(request.url, { accept: 'application/json', 'x-request-id': request.id })
        return reply.status(answer.status).type(answer.contentType).header('x-request-id', request.id).send(answer.text)
      } catch (err) {
        if (err instanceof UpstreamError) return reply.status(err.status).send(errorEnvelope(err.code, err.message))
        throw err
      }
    }
    const headers: Record<string, string> = { 'x-request-id': request.id }
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers[name]
      if (typeof value === 'string') headers[name] = value
    }
    // Only a client that hangs up before its answer cancels the upstream call (a request's own
    // 'close' also fires once its body is read, so the response socket is what is watched).
    const controller = new AbortController()
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort()
    })
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body != null
    try {
      const res = await upstream.send({
        method: request.method,
        path: request.url,
        headers,
        body: hasBody ? (request.body as Readable) : undefined,
        signal: controller.signal,
      })
      reply.status(res.statusCode)
      for (const name of FORWARDED_RESPONSE_HEADERS) {
        const value = res.headers[name]
        if (typeof value === 'string') reply.header(name, value)
      }
      return reply.send(res.body)
    } catch (err) {
      if (controller.signal.aborted) return reply
      if (err instanceof UpstreamError) {
        request.log.warn({ err: { message: err.message, cause: String((err.cause as Error)?.message ?? '') } }, 'gateway.upstream_failed')
        return reply.status(err.status).send(errorEnvelope(err.code, err.message))
      }
      throw err
    }
  })
}
