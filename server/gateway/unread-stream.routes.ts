import type { FastifyPluginAsync } from 'fastify'
import { PassThrough } from 'node:stream'
import { API_PREFIX, UNREAD_STREAM_PATH } from '../../shared/paths.ts'
import { sendError } from '../lib/errors.ts'
import { apiHeaders, callWithSession, type Sessions } from './session.ts'
import { UpstreamError, type Upstream } from './upstream.ts'

const PATH = `${API_PREFIX}${UNREAD_STREAM_PATH}`
/** The API writes a heartbeat every 25 s; an upstream silent for longer than this is dead, and the browser reconnects. */
export const UNREAD_STREAM_IDLE_MS = 60_000

/**
 * GET /api/v1/alerts/notifications/stream (docs/decisions/020-alerts-and-outbox.md, "Live unread
 * count"): the API's event stream passed through under the session policy — the access token from
 * the cookie, renewed once on a 401 like any call — unbuffered, uncompressed, not cut by the
 * upstream's body timeout; the API's request is aborted when the browser goes, and every stream is
 * ended before the gateway closes (it would otherwise wait for them).
 */
export const unreadStreamRoutes: FastifyPluginAsync<{
  upstream: Upstream
  sessions: Sessions
  maxStreams: number
}> = async (app, { upstream, sessions, maxStreams }) => {
  const open = new Set<{ controller: AbortController; out: PassThrough }>()
  // streams being opened or open in this process: past `maxStreams` a new one is refused 503 at once
  let held = 0
  app.addHook('preClose', async () => {
    for (const { controller, out } of open) {
      controller.abort()
      out.end()
    }
    open.clear()
  })

  app.get(PATH, { compress: false }, async (request, reply) => {
    if (held >= maxStreams) {
      request.log.warn({ held }, 'gateway.unread_streams_full')
      return sendError(reply, 'SERVICE_UNAVAILABLE', 'Too many live connections; try again shortly')
    }
    held++
    const controller = new AbortController()
    reply.raw.once('close', () => {
      held--
      if (!reply.raw.writableFinished) controller.abort()
    })
    const session = await sessions.open(request)
    const send = async (access: string | undefined) => {
      const res = await upstream.send({
        method: 'GET',
        path: request.url,
        headers: { accept: 'text/event-stream', ...apiHeaders(request, access) },
        signal: controller.signal,
        stream: { bodyTimeoutMs: UNREAD_STREAM_IDLE_MS },
      })
      return { status: res.statusCode, res }
    }
    let answer
    try {
      answer = await callWithSession(session, { method: 'GET', path: UNREAD_STREAM_PATH }, send, ({ res }) =>
        res.body.dump(),
      )
    } catch (err) {
      if (reply.raw.destroyed) return reply
      if (!(err instanceof UpstreamError)) throw err
      return sendError(reply, err.code, err.message)
    } finally {
      const cookies = session.setCookies()
      if (cookies.length > 0) reply.header('set-cookie', cookies)
    }
    if (!answer) return sendError(reply, 'UNAUTHENTICATED')
    const { res } = answer
    if (res.statusCode !== 200) {
      const type = res.headers['content-type']
      const retryAfter = res.headers['retry-after']
      if (typeof retryAfter === 'string') reply.header('retry-after', retryAfter)
      return reply
        .status(res.statusCode)
        .type(typeof type === 'string' ? type : 'application/json; charset=utf-8')
        .send(await res.body.text())
    }

    const stream = { controller, out: new PassThrough() }
    open.add(stream)
    stream.out.once('close', () => {
      open.delete(stream)
      controller.abort()
    })
    // the API's body ends or fails (aborted, timed out): the browser's stream ends, and it reconnects
    res.body.on('error', () => stream.out.end())
    res.body.pipe(stream.out)
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-accel-buffering', 'no')
      .send(stream.out)
  })
}
