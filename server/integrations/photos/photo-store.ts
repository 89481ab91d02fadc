import type { Readable } from 'node:stream'

export interface StoredPhoto {
  stream: Readable
  contentType: string
  size?: number
}

/**
 * Where listing photos live (docs/decisions/004-photo-store.md): Supabase Storage or the Telegram file store, which
 * every process reads, or local disk, the one-process default.
 */
export interface PhotoStore {
  readonly kind: 'disk' | 'telegram' | 'supabase'
  /** Stores one encoded image and returns its file id. */
  put(data: Buffer, contentType: string): Promise<string>
  /**
   * Streams a stored file, or null when the id is unknown. `signal` (the reader leaving) aborts
   * any upstream request; a remote store fails with an AppError: UPSTREAM_TIMEOUT or UPSTREAM_UNAVAILABLE.
   */
  get(fileId: string, signal?: AbortSignal): Promise<StoredPhoto | null>
}

/** File ids are opaque but bounded: letters, digits, '-' and '_' (Telegram's alphabet), never a path. */
export const FILE_ID = /^[A-Za-z0-9_-]{8,200}$/

/** The minimal HTTP answer a photo is read for: the reader's socket, to notice them leaving. */
interface PhotoReader {
  raw: { once(event: 'close', listener: () => void): unknown; readonly writableFinished: boolean }
}

/**
 * A stored photo read for one HTTP reader: the photo, null when unknown, or 'gone' when the reader
 * left meanwhile. A reader who leaves stops the store's work (a download) at once, and the photo's
 * stream is let go. A failing store throws its AppError.
 */
export async function readPhotoFor(
  reply: PhotoReader,
  store: Pick<PhotoStore, 'get'>,
  fileId: string,
): Promise<StoredPhoto | null | 'gone'> {
  const reader = new AbortController()
  let photo: StoredPhoto | null = null
  reply.raw.once('close', () => {
    if (reply.raw.writableFinished) return
    reader.abort()
    photo?.stream.destroy()
  })
  try {
    photo = await store.get(fileId, reader.signal)
  } catch (err) {
    if (reader.signal.aborted) return 'gone'
    throw err
  }
  if (!reader.signal.aborted) return photo
  photo?.stream.destroy()
  return 'gone'
}
