import type { Readable } from 'node:stream'
import { Agent, request } from 'undici'

/** A failure to reach the API: 502 when it is down, 504 when it is too slow. */
export class UpstreamError extends Error {
  readonly status: 502 | 504
  readonly code: 'UPSTREAM_UNAVAILABLE' | 'UPSTREAM_TIMEOUT'

  constructor(status: 502 | 504, cause: unknown) {
    super(status === 504 ? 'The service did not answer in time' : 'The service is unavailable', { cause })
    this.status = status
    this.code = status === 504 ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_UNAVAILABLE'
  }
}

export interface UpstreamRequest {
  method: string
  /** Path and query under the API origin, e.g. /api/v1/listings?city=berlin */
  path: string
  headers?: Record<string, string>
  body?: string | Buffer | Readable | null
  signal?: AbortSignal
  /**
   * An answer that streams for long (an event stream): it goes over connections of its own, so no
   * number of open streams can take the ordinary calls' pool, and `bodyTimeoutMs` replaces the
   * time allowed between body chunks (its heartbeats).
   */
  stream?: { bodyTimeoutMs: number }
}

export interface UpstreamOptions {
  baseUrl: string
  /** Time allowed for the response headers and between body chunks. */
  timeoutMs?: number
  connectTimeoutMs?: number
  /** Connections of the ordinary calls' pool (default 128). */
  connections?: number
  /** Connections for streams (`UpstreamRequest.stream`), one per open stream (default 2,000). */
  streamConnections?: number
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT'])
const RETRYABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE'])

function codeOf(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } }
  return e?.code ?? e?.cause?.code
}

/** A JSON answer of the API; `retryAfter` when it asked the caller to wait (429, 503). */
export interface JsonAnswer {
  status: number
  body: unknown
  retryAfter?: string
}

/** An answer of the API as text, for the proxy; `retryAfter` as in JsonAnswer. */
export interface TextAnswer {
  status: number
  contentType: string
  text: string
  retryAfter?: string
}

/**
 * Identical anonymous reads in flight share one call, so a burst of misses makes one call to the API
 * (whose cache of public reads is the one layer of JSON caching: docs/decisions/006-caches-and-their-lifetimes.md).
 * Nothing is kept once the call is answered.
 */
function sharedFlights<T>() {
  const flights = new Map<string, Promise<T>>()
  return (key: string, run: () => Promise<T>): Promise<T> => {
    const inFlight = flights.get(key)
    if (inFlight) return inFlight
    const flight = run().finally(() => flights.delete(key))
    flights.set(key, flight)
    return flight
  }
}

/** The one HTTP client of the gateway towards the product API: pooled keep-alive, timeouts, GET-only retry. */
export function createUpstream(options: UpstreamOptions) {
  const origin = new URL(options.baseUrl).origin
  const timeoutMs = options.timeoutMs ?? 10_000
  const agent = new Agent({
    connect: { timeout: options.connectTimeoutMs ?? 2_000 },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 10_000,
    connections: options.connections ?? 128,
  })
  // docs/decisions/020-alerts-and-outbox.md, "Live unread count": streams never wait for, nor hold, an ordinary call's connection
  const streamAgent = new Agent({
    connect: { timeout: options.connectTimeoutMs ?? 2_000 },
    headersTimeout: timeoutMs,
    keepAliveTimeout: 10_000,
    connections: options.streamConnections ?? 2_000,
  })
  const jsonFlights = sharedFlights<JsonAnswer>()
  const textFlights = sharedFlights<TextAnswer>()

  async function send(req: UpstreamRequest) {
    const idempotent = req.method === 'GET' || req.method === 'HEAD'
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await request(`${origin}${req.path}`, {
          method: req.method as 'GET',
          headers: req.headers,
          body: req.body ?? undefined,
          signal: req.signal,
          dispatcher: req.stream ? streamAgent : agent,
          ...(req.stream && { bodyTimeout: req.stream.bodyTimeoutMs }),
        })
        return res
      } catch (err) {
        if (req.signal?.aborted) throw err
        const code = codeOf(err)
        if (idempotent && attempt === 0 && code && RETRYABLE_CODES.has(code)) continue
        if (code && TIMEOUT_CODES.has(code)) throw new UpstreamError(504, err)
        throw new UpstreamError(502, err)
      }
    }
  }

  return {
    send,

    /** A JSON call; identical anonymous GETs in flight share one call. */
    async json(req: UpstreamRequest & { anonymous?: boolean }): Promise<JsonAnswer> {
      const cacheable = req.method === 'GET' && req.anonymous === true
      const run = async (signal: AbortSignal | undefined): Promise<JsonAnswer> => {
        const res = await send({ ...req, signal })
        let text = ''
        try {
          text = await res.body.text()
        } catch (err) {
          if (codeOf(err) && TIMEOUT_CODES.has(codeOf(err)!)) throw new UpstreamError(504, err)
        }
        let body: unknown = null
        try {
          body = JSON.parse(text)
        } catch {
          body = null
        }
        const retryAfter = res.headers['retry-after']
        return {
          status: res.statusCode,
          body,
          ...(typeof retryAfter === 'string' && { retryAfter }),
        }
      }
      if (!cacheable) return run(req.signal)
      // shared by several requests, so no single visitor's disconnect cancels it (timeouts still apply)
      return jsonFlights(req.path, () => run(undefined))
    },

    /** An anonymous public GET as text, for the proxy: shared while in flight like `json`. */
    async publicText(path: string, headers: Record<string, string>): Promise<TextAnswer> {
      return textFlights(path, async () => {
        const res = await send({ method: 'GET', path, headers })
        const contentType = String(res.headers['content-type'] ?? 'application/json; charset=utf-8')
        const retryAfter = res.headers['retry-after']
        try {
          const text = await res.body.text()
          return { status: res.statusCode, contentType, text, ...(typeof retryAfter === 'string' && { retryAfter }) }
        } catch (err) {
          throw new UpstreamError(codeOf(err) && TIMEOUT_CODES.has(codeOf(err)!) ? 504 : 502, err)
        }
      })
    },

    async close() {
      await Promise.all([agent.close(), streamAgent.close()])
    },
  }
}
export type Upstream = ReturnType<typeof createUpstream>
