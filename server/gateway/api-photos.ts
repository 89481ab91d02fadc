import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { AppError, type ErrorCode } from '../lib/errors.ts'
import type { PhotoSource } from './photos.routes.ts'

export interface ApiPhotoSourceOptions {
  /** Time allowed for the API's answer to start (default 10 s). */
  timeoutMs?: number
  /** Time allowed for a whole photo (default 60 s). */
  deadlineMs?: number
}

/** The API's own failures that a gateway passes on as they are (a failing store behind it); anything else is 502. */
const PASSED_ON = new Set<ErrorCode>(['UPSTREAM_UNAVAILABLE', 'UPSTREAM_TIMEOUT', 'SERVICE_UNAVAILABLE'])

/**
 * A pure gateway's photos (ROLE=gateway, docs/decisions/031-process-roles.md): streamed from the
 * API's GET /api/v1/photos/{fileId}, which reads whatever store the API has, so a gateway holds no
 * store and no store credentials. An unknown id is null (404); a failing store keeps its 502/504; an
 * API that does not answer is 502, or 504 past the timeout.
 */
export function apiPhotoSource(apiUrl: string, options: ApiPhotoSourceOptions = {}): PhotoSource {
  const timeoutMs = options.timeoutMs ?? 10_000
  const deadlineMs = options.deadlineMs ?? 60_000
  return {
    kind: 'api',
    async get(fileId, signal) {
      const timeout = new AbortController()
      const timer = setTimeout(() => timeout.abort(new AppError('UPSTREAM_TIMEOUT')), timeoutMs)
      const deadline = setTimeout(() => timeout.abort(new AppError('UPSTREAM_TIMEOUT')), deadlineMs)
      const done = () => {
        clearTimeout(timer)
        clearTimeout(deadline)
      }
      let res: Response
      try {
        res = await fetch(`${apiUrl}/api/v1/photos/${encodeURIComponent(fileId)}`, {
          signal: AbortSignal.any([timeout.signal, ...(signal ? [signal] : [])]),
        })
      } catch (err) {
        done()
        if (signal?.aborted) throw signal.reason
        if (timeout.signal.aborted) throw timeout.signal.reason
        throw new AppError('UPSTREAM_UNAVAILABLE', `The API is unreachable: ${(err as Error).name}`)
      }
      clearTimeout(timer)
      if (res.status === 404 || !res.ok || !res.body) {
        done()
        const answer = (await res.json().catch(() => null)) as { error?: { code?: string } } | null
        if (res.status === 404) return null
        const code = answer?.error?.code as ErrorCode | undefined
        throw new AppError(code && PASSED_ON.has(code) ? code : 'UPSTREAM_UNAVAILABLE')
      }
      const stream = Readable.fromWeb(res.body as unknown as NodeReadableStream<Uint8Array>)
      stream.once('close', done)
      const size = Number(res.headers.get('content-length') ?? Number.NaN)
      return {
        stream,
        contentType: res.headers.get('content-type') ?? 'application/octet-stream',
        size: Number.isFinite(size) ? size : undefined,
      }
    },
  }
}
