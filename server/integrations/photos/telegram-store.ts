import { Readable, Transform, pipeline } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { AppError } from '../../lib/errors.ts'
import { textBytes, TtlCache } from '../../lib/ttl-cache.ts'
import { FILE_ID, type PhotoStore, type StoredPhoto } from './photo-store.ts'

export interface TelegramPhotoStoreOptions {
  botToken: string
  /** The private channel or group the bot posts photos to (TELEGRAM_STORAGE_CHAT_ID). */
  chatId: string
  /** https://api.telegram.org, or a local Bot API server / a test fake. */
  apiBase: string
  /** Time allowed for each Bot API call's answer, and between chunks of a download. */
  timeoutMs?: number
  /** Time allowed for a whole download, however steadily its chunks arrive (60 s unless set). */
  deadlineMs?: number
}

/** Bots may download files of at most 20 MB (https://core.telegram.org/bots/api#getfile). */
export const MAX_TELEGRAM_DOWNLOAD_BYTES = 20 * 1024 * 1024
/** A file_path link lasts at least an hour (same page): cached a little less than that. */
const FILE_PATH_TTL_MS = 55 * 60_000
/** What the kept paths may weigh: ten thousand or so (docs/decisions/006-caches-and-their-lifetimes.md). */
const FILE_PATH_CACHE_BYTES = 4 * 1024 * 1024

const EXTENSIONS: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg', 'image/png': 'png' }
const TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' }

interface BotAnswer<T> {
  ok: boolean
  result?: T
  error_code?: number
  description?: string
  parameters?: { retry_after?: number }
}
interface SentMessage {
  document?: { file_id: string; file_unique_id: string; file_size?: number; mime_type?: string }
}
interface TelegramFile {
  file_id: string
  file_path?: string
  file_size?: number
}

/**
 * The production photo store (docs/decisions/004-photo-store.md): photos are documents the bot posts to a storage chat;
 * Telegram's file id is the photo id. Downloads are streamed, never buffered. The bot token is part
 * of every Bot API URL, so no error built here carries a URL or an upstream error's own text.
 */
export function telegramPhotoStore(options: TelegramPhotoStoreOptions): PhotoStore {
  const { botToken, chatId } = options
  const apiBase = options.apiBase.replace(/\/$/, '')
  const timeoutMs = options.timeoutMs ?? 10_000
  const deadlineMs = options.deadlineMs ?? 60_000
  const filePaths = new TtlCache<string>({ ttlMs: FILE_PATH_TTL_MS, maxBytes: FILE_PATH_CACHE_BYTES, weigh: textBytes })
  const redact = (text: string) => text.split(botToken).join('[bot token]')

  /** What failed, for logs and envelopes: the method and a redacted reason, never the URL. */
  function failure(method: string, err: unknown, timer: AbortSignal, caller?: AbortSignal): unknown {
    if (caller?.aborted) return caller.reason // the reader left: nothing to answer
    if (err instanceof AppError) return err
    if (timer.aborted) return new AppError('UPSTREAM_TIMEOUT', `Telegram ${method} did not answer in time`)
    const cause = (err as { cause?: { code?: string } } | null)?.cause?.code ?? (err as Error | null)?.name ?? 'error'
    return new AppError('UPSTREAM_UNAVAILABLE', `Telegram ${method} failed: ${redact(String(cause))}`)
  }

  /** One Bot API method call: the JSON answer, or an AppError (ok:false answers are returned for the caller to judge). */
  async function call<T>(
    method: string,
    init: { body?: FormData; query?: string },
    signal?: AbortSignal,
  ): Promise<BotAnswer<T>> {
    const timer = AbortSignal.timeout(timeoutMs)
    try {
      const url = `${apiBase}/bot${botToken}/${method}${init.query ? `?${init.query}` : ''}`
      const res = await fetch(url, {
        method: init.body ? 'POST' : 'GET',
        body: init.body,
        signal: signal ? AbortSignal.any([timer, signal]) : timer,
      })
      const answer = (await res.json().catch(() => null)) as BotAnswer<T> | null
      if (!answer || typeof answer.ok !== 'boolean')
        throw new AppError('UPSTREAM_UNAVAILABLE', `Telegram ${method} answered ${res.status} without a Bot API body`)
      return answer
    } catch (err) {
      throw failure(method, err, timer, signal)
    }
  }

  function refused(method: string, answer: BotAnswer<unknown>): AppError {
    const message = `Telegram ${method} failed: ${redact(answer.description ?? `error ${answer.error_code}`)}`
    if (answer.error_code === 429)
      return new AppError('SERVICE_UNAVAILABLE', message, {
        reason: 'upstream_busy',
        retry_after_s: answer.parameters?.retry_after ?? null,
      })
    return new AppError('UPSTREAM_UNAVAILABLE', message)
  }

  /** The file's download path (and whether it came from the cache), or null when Telegram does not know the id (400 "invalid file_id"). */
  async function filePathOf(
    fileId: string,
    signal?: AbortSignal,
    fresh = false,
  ): Promise<{ path: string; cached: boolean } | null> {
    const hit = fresh ? undefined : filePaths.get(fileId)
    if (hit !== undefined) return { path: hit, cached: true }
    filePaths.delete(fileId)
    const answer = await call<TelegramFile>(
      'getFile',
      { query: new URLSearchParams({ file_id: fileId }).toString() },
      signal,
    )
    if (!answer.ok && answer.error_code === 400) return null
    if (!answer.ok) throw refused('getFile', answer)
    const path = answer.result?.file_path
    if (!path) return null // Telegram gives no path for files over the download limit
    filePaths.set(fileId, path)
    return { path, cached: false }
  }

  /**
   * Starts the download; the idle timer covers the answer, then each gap between chunks (as
   * undici's bodyTimeout), and the deadline the whole download, so a trickle cannot hold it open
   * for ever. Either one aborts the upstream request with UPSTREAM_TIMEOUT, which a reader
   * mid-stream gets as the stream's error. Returns null on a 404 (a stale path or a deleted file).
   */
  async function download(path: string, signal?: AbortSignal): Promise<StoredPhoto | null> {
    const timeout = new AbortController()
    const timer = setTimeout(
      () => timeout.abort(new AppError('UPSTREAM_TIMEOUT', 'Telegram file download did not answer in time')),
      timeoutMs,
    )
    const deadline = setTimeout(
      () => timeout.abort(new AppError('UPSTREAM_TIMEOUT', 'Telegram file download took too long')),
      deadlineMs,
    )
    const upstream = new AbortController()
    const combined = AbortSignal.any([timeout.signal, upstream.signal, ...(signal ? [signal] : [])])
    const done = (reason: unknown) => {
      clearTimeout(timer)
      clearTimeout(deadline)
      upstream.abort()
      return reason
    }
    let res: Response
    try {
      res = await fetch(`${apiBase}/file/bot${botToken}/${path.split('/').map(encodeURIComponent).join('/')}`, {
        signal: combined,
      })
    } catch (err) {
      throw done(failure('file download', err, timeout.signal, signal))
    }
    /** An answer we will not stream: its body is dropped unread. */
    const discard = <T>(reason: T): T => {
      res.body?.cancel().catch(() => {})
      return done(reason) as T
    }
    if (res.status === 404) return discard(null)
    if (!res.ok || !res.body)
      throw discard(new AppError('UPSTREAM_UNAVAILABLE', `Telegram file download answered ${res.status}`))
    const length = Number(res.headers.get('content-length') ?? Number.NaN)
    if (length > MAX_TELEGRAM_DOWNLOAD_BYTES)
      throw discard(new AppError('UPSTREAM_UNAVAILABLE', 'The photo is larger than Telegram lets bots download'))

    let seen = 0
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        seen += chunk.length
        if (seen > MAX_TELEGRAM_DOWNLOAD_BYTES)
          return next(new AppError('UPSTREAM_UNAVAILABLE', 'The photo is larger than Telegram lets bots download'))
        timer.refresh()
        next(null, chunk)
      },
    })
    // the reader leaving (limit destroyed) or any failure aborts the upstream request at once
    pipeline(Readable.fromWeb(res.body as unknown as NodeReadableStream<Uint8Array>), limit, (err) => done(err))
    const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase()
    return {
      stream: limit,
      contentType: TYPES[ext] ?? 'application/octet-stream',
      size: Number.isFinite(length) ? length : undefined,
    }
  }

  return {
    kind: 'telegram',

    async put(data, contentType) {
      const ext = EXTENSIONS[contentType]
      if (!ext) throw new Error(`Unsupported photo type ${contentType}`)
      const form = new FormData()
      form.set('chat_id', chatId)
      form.set('document', new Blob([new Uint8Array(data)], { type: contentType }), `photo.${ext}`)
      // keeps the file a document with our type, not something Telegram re-encodes or re-labels
      form.set('disable_content_type_detection', 'true')
      form.set('disable_notification', 'true')
      const answer = await call<SentMessage>('sendDocument', { body: form })
      if (!answer.ok) throw refused('sendDocument', answer)
      const fileId = answer.result?.document?.file_id
      if (!fileId || !FILE_ID.test(fileId))
        throw new AppError('UPSTREAM_UNAVAILABLE', 'Telegram sendDocument answered without a document')
      return fileId
    },

    async get(fileId, signal) {
      if (!FILE_ID.test(fileId)) return null
      const file = await filePathOf(fileId, signal)
      if (!file) return null
      const photo = await download(file.path, signal)
      if (photo || !file.cached) return photo
      // a cached path that went stale: ask Telegram for a fresh one, once
      const fresh = await filePathOf(fileId, signal, true)
      return fresh ? download(fresh.path, signal) : null
    },
  }
}
