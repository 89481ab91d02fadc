import type { Readable } from 'node:stream'
import { Agent, request } from 'undici'
import { LISTINGS_CHANGED_HEADER } from '../../shared/paths.ts'
import { textBytes, TtlCache } from '../lib/ttl-cache.ts'
import { staleListingReads } from './listing-changes.ts'

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
  /** Lifetime of cached anonymous public GET answers used by page rendering; 0 disables. */
  publicCacheMs?: number
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

/** What each cache of API answers in the gateway may hold (docs/decisions/006-caches-and-their-lifetimes.md). */
export const PUBLIC_READS_MAX_BYTES = 8 * 1024 * 1024

/** A JSON answer as the JSON cache keeps it: with the length of the text it was parsed from, its weight. */
type WeighedAnswer = JsonAnswer & { textLength: number }

/** A brief cache of 200 answers by path, where identical reads in flight share one call (no stampede on expiry). */
function publicReads<T extends { status: number }>(ttlMs: number, weigh: (answer: T) => number) {
  const cache = new TtlCache<T>({ ttlMs, maxBytes: PUBLIC_READS_MAX_BYTES, weigh })
  return {
    read: (path: string, run: () => Promise<T>): Promise<T> => cache.wrap(path, run, (answer) => answer.status === 200),
    forget: (matches: (path: string) => boolean) => cache.deleteWhere(matches),
    stats: () => cache.stats(),
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
  // a parsed answer holds about what its text did (two bytes a character at most)
  const jsonReads = publicReads<WeighedAnswer>(options.publicCacheMs ?? 0, (answer) => 2 * answer.textLength)
  const textReads = publicReads<TextAnswer>(options.publicCacheMs ?? 0, (answer) => textBytes(answer.text))
  /** Other caches of this gateway built from the API's public listings (the rendered pages). */
  const changeListeners: Array<(changed: string) => void> = []

  /**
   * A write in the API changed public listings: their cached reads, and whatever else was built
   * from them, go now, before its answer is passed on (docs/decisions/006-caches-and-their-lifetimes.md).
   */
  function forgetChangedListings(headers: Record<string, string | string[] | undefined>): void {
    const changed = headers[LISTINGS_CHANGED_HEADER]
    if (typeof changed !== 'string' || changed === '') return
    const stale = staleListingReads(changed)
    jsonReads.forget(stale)
    textReads.forget(stale)
    for (const listener of changeListeners) listener(changed)
  }

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
        forgetChangedListings(res.headers)
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

    /** Calls `listener` with the API's LISTINGS_CHANGED_HEADER of every answer that has one, before the answer goes on. */
    onListingsChanged(listener: (changed: string) => void): void {
      changeListeners.push(listener)
    },

    /** A JSON call; anonymous GETs answered 200 are cached briefly (docs/decisions/006-caches-and-their-lifetimes.md). */
    async json(req: UpstreamRequest & { anonymous?: boolean }): Promise<JsonAnswer> {
      const cacheable = req.method === 'GET' && req.anonymous === true
      const run = async (signal: AbortSignal | undefined): Promise<WeighedAnswer> => {
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
          textLength: text.length,
          ...(typeof retryAfter === 'string' && { retryAfter }),
        }
      }
      if (!cacheable) return run(req.signal)
      // shared by several requests, so no single visitor's disconnect cancels it (timeouts still apply)
      return jsonReads.read(req.path, () => run(undefined))
    },

    /** An anonymous public GET as text, for the proxy: cached briefly and shared like `json`. */
    async publicText(path: string, headers: Record<string, string>): Promise<TextAnswer> {
      return textReads.read(path, async () => {
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

    /** For /metrics: what the caches of API answers hold (the pages' JSON reads, the proxy's text reads). */
    cacheStats: () => ({ upstream_json: jsonReads.stats(), upstream_text: textReads.stats() }),

    async close() {
      await Promise.all([agent.close(), streamAgent.close()])
    },
  }
}
export type Upstream = ReturnType<typeof createUpstream>
