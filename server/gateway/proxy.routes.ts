import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { Readable } from 'node:stream'
import { errorEnvelope } from '../lib/errors.ts'
import { isPublicRead } from './api-transport.ts'
import { LimitedBody, limitBody, tooLarge } from './body-limit.ts'
import { isCrossSiteWrite } from './csrf.ts'
import type { Sessions, SessionTokens } from './session.ts'
import { secondsLeft } from './session.ts'
import { UpstreamError, type Upstream } from './upstream.ts'

// Authorization is never taken from the browser: the gateway sets it from the session cookie.
const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-language', 'content-type', 'content-length', 'if-none-match', 'user-agent']
const FORWARDED_RESPONSE_HEADERS = ['content-type', 'content-length', 'cache-control', 'etag', 'retry-after', 'x-request-id']

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Every call this plugin proxies is below it. */
const API_PREFIX = '/api/v1'
/** Calls whose answer carries a new session: its tokens go into cookies, never to the page. */
const SESSION_ISSUING = new Set(['/api/v1/auth/telegram-login', '/api/v1/auth/email-login', '/api/v1/auth/create-user'])
/** JSON bodies up to this size are kept so a call can be retried after a refresh. */
const RETRY_BODY_LIMIT = 1024 * 1024
/** An access token this close to its expiry is refreshed before the call rather than after a 401. */
const REFRESH_AHEAD_S = 30

async function readBody(stream: Readable, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream) {
    size += (chunk as Buffer).length
    if (size > limit) return null
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/** /api/v1/* to the product API over HTTP with the session policy of SPEC §4; failures become 502/504 envelopes. */
export const proxyRoutes: FastifyPluginAsync<{ upstream: Upstream; sessions: Sessions; publicBaseUrl: string }> = async (
  app,
  { upstream, sessions, publicBaseUrl },
) => {
  const publicOrigin = new URL(publicBaseUrl).origin
  // Bodies pass through unparsed (the API parses them), but never past the API's own limits.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (request, payload, done) => {
    try {
      done(null, limitBody(request.url.split('?')[0]!, request.headers['content-length'], payload))
    } catch (err) {
      done(err as Error)
    }
  })

  const failure = (reply: FastifyReply, err: unknown) => {
    if (err instanceof UpstreamError) {
      reply.log.warn({ err: { message: err.message, cause: String((err.cause as Error)?.message ?? '') } }, 'gateway.upstream_failed')
      return reply.status(err.status).send(errorEnvelope(err.code, err.message))
    }
    throw err
  }

  // The client's address as resolved here (TRUST_PROXY) replaces whatever X-Forwarded-For the browser sent: the API limits by it.
  function forwardedHeaders(request: FastifyRequest, access?: string): Record<string, string> {
    const headers: Record<string, string> = { 'x-request-id': request.id, 'x-forwarded-for': request.ip }
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers[name]
      if (typeof value === 'string') headers[name] = value
    }
    if (access) headers.authorization = `Bearer ${access}`
    return headers
  }

  /** A sign-in's answer: tokens into cookies, only `user` to the browser. */
  async function sessionAnswer(reply: FastifyReply, status: number, body: unknown) {
    const data = (body as { data?: { token?: string; access_token?: string; refresh_token?: string; user?: unknown } } | null)?.data
    const access = data?.token ?? data?.access_token
    if ((status === 200 || status === 201) && access && data?.refresh_token) {
      sessions.store(reply, { access, refresh: data.refresh_token })
      return reply.status(status).send({ ...(body as object), data: { user: data.user } })
    }
    return reply.status(status).send(body)
  }

  app.all(`${API_PREFIX}/*`, async (request, reply) => {
    // CSRF: a state-changing call must come from our own pages (Origin / Fetch Metadata checks).
    if (isCrossSiteWrite(request, publicOrigin)) return reply.status(403).send(errorEnvelope('FORBIDDEN', 'Cross-site request refused'))
    const path = request.url.split('?')[0]!
    const cookies = sessions.read(request)

    try {
      // Anonymous public reads come from the gateway's short-lived cache (shared by concurrent requests).
      if (request.method === 'GET' && isPublicRead(request.url.slice(API_PREFIX.length)) && !sessions.mayHaveSession(request)) {
        const answer = await upstream.publicText(request.url, { accept: 'application/json', 'x-request-id': request.id })
        return reply.status(answer.status).type(answer.contentType).header('x-request-id', request.id).send(answer.text)
      }

      if (path === '/api/v1/auth/refresh' && request.method === 'POST') {
        const refreshed = cookies.refresh ? await sessions.refresh(cookies.refresh, request.id) : null
        if (!refreshed) {
          sessions.clear(reply)
          return reply.status(401).send(errorEnvelope('UNAUTHENTICATED', 'Authentication required'))
        }
        sessions.store(reply, refreshed.tokens)
        return reply.send({ success: true, data: { user: refreshed.user }, error: null, timestamp: new Date().toISOString() })
      }

      if (path === '/api/v1/auth/logout' && request.method === 'POST') {
        if (cookies.refresh) {
          await upstream.json({
            method: 'POST',
            path: '/api/v1/auth/logout',
            headers: { 'content-type': 'application/json', 'x-request-id': request.id },
            body: JSON.stringify({ refresh_token: cookies.refresh }),
          })
        }
        sessions.clear(reply)
        return reply.send({ success: true, data: { logged_out: true }, error: null, timestamp: new Date().toISOString() })
      }

      const hasBody = !SAFE_METHODS.has(request.method) && request.body != null
      if (SESSION_ISSUING.has(path) && request.method === 'POST') {
        const res = await upstream.json({ method: 'POST', path: request.url, headers: forwardedHeaders(request), body: hasBody ? (request.body as Readable) : undefined })
        if (res.retryAfter) reply.header('retry-after', res.retryAfter)
        return sessionAnswer(reply, res.status, res.body)
      }

      // SPEC §4: an access token about to expire is refreshed first; a 401 with a token → one
      // refresh and one retry; a failed refresh ends the session; public reads then go anonymous.
      let tokens: Partial<SessionTokens> = cookies
      if (tokens.refresh && (!tokens.access || secondsLeft(tokens.access) < REFRESH_AHEAD_S)) {
        const refreshed = await sessions.refresh(tokens.refresh, request.id)
        if (refreshed) {
          tokens = refreshed.tokens
          sessions.store(reply, refreshed.tokens)
        } else {
          tokens = {}
          sessions.clear(reply)
        }
      }
      const isJson = (request.headers['content-type'] ?? '').includes('json')
      const body = hasBody && isJson ? await readBody(request.body as Readable, RETRY_BODY_LIMIT) : null
      if (hasBody && isJson && body === null) return reply.status(413).send(errorEnvelope('PAYLOAD_TOO_LARGE', 'The request body is too large'))
      const replayable = !hasBody || body !== null

      const controller = new AbortController()
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) controller.abort()
      })
      const send = (access?: string) =>
        upstream.send({
          method: request.method,
          path: request.url,
          headers: forwardedHeaders(request, access),
          body: hasBody ? (body ?? (request.body as Readable)) : undefined,
          signal: controller.signal,
        })

      let res = await send(tokens.access)
      if (res.statusCode === 401 && tokens.access && replayable) {
        await res.body.dump()
        const refreshed = tokens.refresh ? await sessions.refresh(tokens.refresh, request.id) : null
        if (refreshed) {
          sessions.store(reply, refreshed.tokens)
          res = await send(refreshed.tokens.access)
        } else {
          sessions.clear(reply)
          if (request.method === 'GET' && isPublicRead(request.url.slice(API_PREFIX.length))) {
            res = await send(undefined)
          } else {
            return reply.status(401).send(errorEnvelope('UNAUTHENTICATED', 'Authentication required'))
          }
        }
      }
      // a deleted account's session ends in the browser too
      if (request.method === 'DELETE' && path === '/api/v1/users/account' && res.statusCode === 200) sessions.clear(reply)
      reply.status(res.statusCode)
      for (const name of FORWARDED_RESPONSE_HEADERS) {
        const value = res.headers[name]
        if (typeof value === 'string') reply.header(name, value)
      }
      return reply.send(res.body)
    } catch (err) {
      if (reply.raw.destroyed) return reply
      // the API's refusal of a body the gateway was still sending surfaces as a broken pipe: the limit is the reason
      if (request.body instanceof LimitedBody && request.body.exceeded) throw tooLarge()
      return failure(reply, err)
    }
  })
}
