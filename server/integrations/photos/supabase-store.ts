import { randomBytes } from 'node:crypto'
import { Readable, Transform, pipeline } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import type { SupabaseClient } from '@supabase/supabase-js'
import { AppError } from '../../lib/errors.ts'
import { supabaseBackendClient, type SupabaseSettings } from '../supabase/backend-client.ts'
import { FILE_ID, type PhotoStore, type StoredPhoto } from './photo-store.ts'

export interface SupabasePhotoStoreOptions extends SupabaseSettings {
  /** The bucket the photos go to (SUPABASE_STORAGE_BUCKET), made private on the first upload if it does not exist. */
  bucket: string
  /** Time allowed for each Storage call's answer, and between chunks of a download (10 s unless set). */
  timeoutMs?: number
  /** Time allowed for a whole download, however steadily its chunks arrive (60 s unless set). */
  deadlineMs?: number
}

const EXTENSIONS: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg', 'image/png': 'png' }
const TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' }
/** A stored photo never changes (a new photo is a new id), so Storage and its CDN may keep it for a year. */
const CACHE_SECONDS = '31536000'

/** What storage-js hands back as `error` (StorageApiError or StorageUnknownError), read by shape: storage-js is loaded lazily. */
interface StorageFailure {
  name?: string
  message?: string
  /** The HTTP status of Storage's answer. */
  status?: number
  /** The status Storage names in its body: '404' for a missing object or bucket, even inside an HTTP 400. */
  statusCode?: string
  /** What fetch threw, for a request that got no answer. */
  originalError?: unknown
}

const missing = (error: StorageFailure) => error.statusCode === '404' || error.status === 404

/**
 * The shared photo store (docs/decisions/004-photo-store.md): photos are objects in a private Supabase Storage bucket,
 * written and read with the service role key through supabase-js. Ids carry their extension, as the disk store's do,
 * so a read needs no lookup. Downloads are streamed (`download().asStream()`), never buffered, under an idle
 * timeout and an overall deadline; a failing Storage is UPSTREAM_UNAVAILABLE (502), a slow one UPSTREAM_TIMEOUT (504).
 */
export function supabasePhotoStore(options: SupabasePhotoStoreOptions): PhotoStore {
  const { bucket, serviceRoleKey } = options
  const timeoutMs = options.timeoutMs ?? 10_000
  const deadlineMs = options.deadlineMs ?? 60_000
  const redact = (text: string) => text.split(serviceRoleKey).join('[service role key]')

  // Storage's answer to a download, by the signal the download was started with: asStream() gives only the body,
  // and the answer's type and length go out with the photo.
  const answers = new WeakMap<AbortSignal, Response>()
  /** Every call is bounded: by its caller's signal (a download's timers), else by `timeoutMs`. */
  const boundedFetch: typeof fetch = async (input, init) => {
    const res = await fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(timeoutMs) })
    if (init?.signal) answers.set(init.signal, res)
    return res
  }
  let client: Promise<SupabaseClient> | undefined
  const storage = async () => (await (client ??= supabaseBackendClient(options, { fetch: boundedFetch }))).storage

  /** What failed, for logs and envelopes: the action and Storage's reason, never the key. */
  function failure(action: string, err: unknown, caller?: AbortSignal): unknown {
    if (caller?.aborted) return caller.reason // the reader left: nothing to answer
    if (err instanceof AppError) return err
    const error = (err ?? {}) as StorageFailure
    const cause = error.originalError ?? err
    if (cause instanceof AppError) return cause
    if ((cause as Error | null)?.name === 'TimeoutError')
      return new AppError('UPSTREAM_TIMEOUT', `Supabase Storage ${action} did not answer in time`)
    if (error.status !== undefined)
      return new AppError(
        'UPSTREAM_UNAVAILABLE',
        `Supabase Storage ${action} answered ${error.status} (${error.statusCode}): ${redact(error.message ?? '')}`,
      )
    const code = (cause as { cause?: { code?: string } } | null)?.cause?.code ?? error.name ?? 'error'
    return new AppError('UPSTREAM_UNAVAILABLE', `Supabase Storage ${action} failed: ${redact(String(code))}`)
  }

  let bucketReady: Promise<void> | undefined
  /** The bucket, made private (images only) when missing; once per process, again after a failure. */
  function ensureBucket(): Promise<void> {
    bucketReady ??= (async () => {
      const buckets = await storage()
      const found = await buckets.getBucket(bucket)
      if (!found.error) return
      if (!missing(found.error)) throw failure('getBucket', found.error)
      const made = await buckets.createBucket(bucket, { public: false, allowedMimeTypes: Object.keys(EXTENSIONS) })
      // another process made it first: '409'
      if (made.error && made.error.statusCode !== '409') throw failure('createBucket', made.error)
    })().catch((err: unknown) => {
      bucketReady = undefined
      throw failure('getBucket', err)
    })
    return bucketReady
  }

  /**
   * Starts the download; the idle timer covers the answer, then each gap between chunks, and the deadline the
   * whole download. Either one aborts the request with UPSTREAM_TIMEOUT, which a reader mid-stream gets as the
   * stream's error. Returns null when Storage has no such object.
   */
  async function download(object: string, contentType: string, signal?: AbortSignal): Promise<StoredPhoto | null> {
    const timeout = new AbortController()
    const timer = setTimeout(
      () => timeout.abort(new AppError('UPSTREAM_TIMEOUT', 'Supabase Storage download did not answer in time')),
      timeoutMs,
    )
    const deadline = setTimeout(
      () => timeout.abort(new AppError('UPSTREAM_TIMEOUT', 'Supabase Storage download took too long')),
      deadlineMs,
    )
    const upstream = new AbortController()
    const combined = AbortSignal.any([timeout.signal, upstream.signal, ...(signal ? [signal] : [])])
    const done = <T>(reason: T): T => {
      clearTimeout(timer)
      clearTimeout(deadline)
      upstream.abort()
      return reason
    }
    let body: ReadableStream
    try {
      const { data, error } = await (await storage()).from(bucket).download(object, {}, { signal: combined }).asStream()
      if (error && missing(error)) return done(null)
      if (error) throw error
      body = data
    } catch (err) {
      throw done(failure('download', err, signal))
    }
    const answer = answers.get(combined)
    const length = answer?.headers.has('content-encoding')
      ? Number.NaN
      : Number(answer?.headers.get('content-length') ?? Number.NaN)
    const idle = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        timer.refresh()
        next(null, chunk)
      },
    })
    // the reader leaving (idle destroyed) or any failure aborts the Storage request at once
    pipeline(Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>), idle, (err) => done(err))
    return {
      stream: idle,
      contentType: answer?.headers.get('content-type')?.split(';')[0]?.trim() || contentType,
      size: Number.isFinite(length) ? length : undefined,
    }
  }

  return {
    kind: 'supabase',

    async put(data, contentType) {
      const ext = EXTENSIONS[contentType]
      if (!ext) throw new Error(`Unsupported photo type ${contentType}`)
      await ensureBucket()
      const id = `s${randomBytes(12).toString('hex')}-${ext}`
      let error: StorageFailure | null
      try {
        ;({ error } = await (
          await storage()
        )
          .from(bucket)
          .upload(`${id}.${ext}`, data, { contentType, cacheControl: CACHE_SECONDS, upsert: false }))
      } catch (err) {
        throw failure('upload', err)
      }
      if (error) throw failure('upload', error)
      return id
    },

    async get(fileId, signal) {
      if (!FILE_ID.test(fileId)) return null
      const ext = fileId.slice(fileId.lastIndexOf('-') + 1)
      const contentType = TYPES[ext]
      if (!contentType) return null
      return download(`${fileId}.${ext}`, contentType, signal)
    },
  }
}
