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
