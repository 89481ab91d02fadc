import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { Readable } from 'node:stream'
import { STRIPE_WEBHOOK_PATH } from '../../shared/paths.ts'
import { okEnvelope, sendError } from '../lib/errors.ts'
import { LimitedBody, limitBody, tooLarge } from './body-limit.ts'
import { isCrossSiteWrite } from './csrf.ts'
import {
  apiHeaders,
  callWithSession,
  isPublicRead,
  isSharedRead,
  SESSION_ISSUING,
  type RequestSession,
  type Sessions,
} from './session.ts'
import { UpstreamError, type Upstream } from './upstream.ts'

// Authorization is never taken from the browser: the gateway sets it from the session cookie.
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'content-length',
  'if-none-match',
  'user-agent',
  // the payer's retry of a payment-creating call is recognised by it (docs/decisions/019-payments-ledger.md)
  'idempotency-key',
]
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'cache-control',
  'etag',
  'retry-after',
  'x-request-id',
]

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Every call this plugin proxies is below it. */
const API_PREFIX = '/api/v1'
/**
 * Stripe's webhook: server-to-server and signed over its raw bytes, so it carries no session, is
 * not a browser's write (no CSRF rule), and its body goes on byte for byte with its signature.
 */
const WEBHOOK_PATH = `${API_PREFIX}${STRIPE_WEBHOOK_PATH}`
const WEBHOOK_REQUEST_HEADERS = ['content-type', 'content-length', 'user-agent', 'stripe-signature']
/** JSON bodies up to this size are kept so a call can be retried after a refresh. */
const RETRY_BODY_LIMIT = 1024 * 1024

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

/** /api/v1/* to the product API over HTTP under the session policy (session.ts); failures become 502/504 envelopes. */
export const proxyRoutes: FastifyPluginAsync<{
  upstream: Upstream
  sessions: Sessions
  publicBaseUrl: string
}> = async (app, { upstream, sessions, publicBaseUrl }) => {
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

  // Whatever a request's session went through (refreshed, renewed, ended) reaches the browser with
  // any answer — the proxied one, a refusal or an error page — so a rotated token is never lost.
  const sessionOf = new WeakMap<FastifyRequest, RequestSession>()
  app.addHook('onSend', async (request, reply, payload) => {
    const cookies = sessionOf.get(request)?.setCookies() ?? []
    if (cookies.length > 0) reply.header('set-cookie', cookies)
    return payload
  })

  const failure = (reply: FastifyReply, err: unknown) => {
    if (err instanceof UpstreamError) {
      reply.log.warn(
        { err: { message: err.message, cause: String((err.cause as Error)?.message ?? '') } },
        'gateway.upstream_failed',
      )
      return sendError(reply, err.code, err.message)
    }
    throw err
  }

  function forwardedHeaders(request: FastifyRequest, access?: string): Record<string, string> {
    const headers: Record<string, string> = {}
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers[name]
      if (typeof value === 'string') headers[name] = value
    }
    return { ...headers, ...apiHeaders(request, access) }
  }

  /** A sign-in: the API's answer with its tokens moved into cookies, only `user` to the browser. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, body: Readable | undefined) {
    const answer = await upstream.json({ method: 'POST', path: request.url, headers: forwardedHeaders(request), body })
    if (answer.retryAfter) reply.header('retry-after', answer.retryAfter)
    if (answer.status !== 200 && answer.status !== 201) return reply.status(answer.status).send(answer.body)
    const session = sessions.signedIn(answer)
    if (!session) {
      // never pass on a success we cannot read: it may hold tokens the page must not see
      request.log.error({ status: answer.status }, 'gateway.session_answer_invalid')
      return sendError(reply, 'UPSTREAM_UNAVAILABLE')
    }
    reply.header('set-cookie', sessions.cookiesFor(session.tokens))
    return reply.status(answer.status).send(okEnvelope({ user: session.user }))
  }

  /** The webhook as it came: no cookies read or set, no Bearer, the body streamed through untouched. */
  async function forwardWebhook(request: FastifyRequest, reply: FastifyReply) {
    const headers: Record<string, string> = apiHeaders(request)
    for (const name of WEBHOOK_REQUEST_HEADERS) {
      const value = request.headers[name]
      if (typeof value === 'string') headers[name] = value
    }
    try {
      const res = await upstream.send({
        method: 'POST',
        path: request.url,
        headers,
        body: (request.body as Readable | undefined) ?? null,
      })
      return relay(reply, res)
    } catch (err) {
      if (request.body instanceof LimitedBody && request.body.exceeded) throw tooLarge()
      return failure(reply, err)
    }
  }

  app.all(`${API_PREFIX}/*`, async (request, reply) => {
    if (request.method === 'POST' && request.url.split('?')[0] === WEBHOOK_PATH) return forwardWebhook(request, reply)
    // CSRF: a state-changing call must come from our own pages (Origin / Fetch Metadata checks).
    if (isCrossSiteWrite(request, publicOrigin)) return sendError(reply, 'FORBIDDEN', 'Cross-site request refused')
    const path = request.url.split('?')[0]!
    const hasBody = !SAFE_METHODS.has(request.method) && request.body != null

    try {
      // Anonymous public reads, and reads that name nothing of the reader, come from the gateway's
      // short-lived cache (shared by concurrent requests).
      const apiPath = request.url.slice(API_PREFIX.length)
      if (
        request.method === 'GET' &&
        isPublicRead(apiPath) &&
        (isSharedRead(apiPath) || !sessions.mayHaveSession(request))
      ) {
        const answer = await upstream.publicText(request.url, {
          accept: 'application/json',
          'x-request-id': request.id,
        })
        if (answer.retryAfter) reply.header('retry-after', answer.retryAfter)
        return reply.status(answer.status).type(answer.contentType).header('x-request-id', request.id).send(answer.text)
      }

      if (path === '/api/v1/auth/refresh' && request.method === 'POST') {
        const refreshToken = sessions.refreshToken(request)
        const refreshed = refreshToken ? await sessions.refresh(refreshToken, request) : null
        if (!refreshed) return sendError(reply.header('set-cookie', sessions.clearingCookies()), 'UNAUTHENTICATED')
        return reply
          .header('set-cookie', sessions.cookiesFor(refreshed.tokens))
          .send(okEnvelope({ user: refreshed.user }))
      }

      if (path === '/api/v1/auth/logout' && request.method === 'POST') {
        await sessions.logout(request)
        return reply.header('set-cookie', sessions.clearingCookies()).send(okEnvelope({ logged_out: true }))
      }

      if (SESSION_ISSUING.has(path.slice(API_PREFIX.length)) && request.method === 'POST')
        return await signIn(request, reply, hasBody ? (request.body as Readable) : undefined)

      const session = await sessions.open(request)
      sessionOf.set(request, session)
      const isJson = (request.headers['content-type'] ?? '').includes('json')
      const body = hasBody && isJson ? await readBody(request.body as Readable, RETRY_BODY_LIMIT) : null
      if (hasBody && isJson && body === null) return sendError(reply, 'PAYLOAD_TOO_LARGE')

      const controller = new AbortController()
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) controller.abort()
      })
      const send = async (access: string | undefined) => {
        const res = await upstream.send({
          method: request.method,
          path: request.url,
          headers: forwardedHeaders(request, access),
          body: hasBody ? (body ?? (request.body as Readable)) : undefined,
          signal: controller.signal,
        })
        return { status: res.statusCode, res }
      }
      const call = {
        method: request.method,
        path: request.url.slice(API_PREFIX.length),
        replayable: !hasBody || body !== null,
      }
      const answer = await callWithSession(session, call, send, ({ res }) => res.body.dump())
      if (!answer) return sendError(reply, 'UNAUTHENTICATED')
      const { res } = answer
      // a deleted account's session ends in the browser too
      if (request.method === 'DELETE' && path === '/api/v1/users/account' && res.statusCode === 200) session.end()
      return relay(reply, res)
    } catch (err) {
      if (reply.raw.destroyed) return reply
      // the API's refusal of a body the gateway was still sending surfaces as a broken pipe: the limit is the reason
      if (request.body instanceof LimitedBody && request.body.exceeded) throw tooLarge()
      return failure(reply, err)
    }
  })
}

/** The API's answer passed on: its status, the headers the browser may see, and the body as a stream. */
function relay(reply: FastifyReply, res: { statusCode: number; headers: Record<string, unknown>; body: unknown }) {
  reply.status(res.statusCode)
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = res.headers[name]
    if (typeof value === 'string') reply.header(name, value)
  }
  return reply.send(res.body)
}
