import type { Transform } from 'node:stream'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, createBrotliCompress, createGzip, gzip } from 'node:zlib'

/** The encodings pages are sent in, besides none. */
export type Encoding = 'br' | 'gzip'

// Brotli at quality 4 costs about what gzip at 6 does and is smaller: a page compressed as it streams.
const BROTLI = { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }
const GZIP = { level: 6 }

/** The encoding of a page for this Accept-Encoding: br, else gzip, else none. */
export function pickEncoding(accept: string | undefined): Encoding | null {
  if (!accept) return null
  if (/\bbr\b/.test(accept)) return 'br'
  if (/\bgzip\b/.test(accept)) return 'gzip'
  return null
}

/** A stream that compresses what is written to it. */
export function compressor(encoding: Encoding): Transform {
  return encoding === 'br' ? createBrotliCompress(BROTLI) : createGzip(GZIP)
}

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** A whole document compressed at once (on libuv's thread pool, off the event loop). */
export function compressWhole(encoding: Encoding, body: Buffer): Promise<Buffer> {
  return encoding === 'br' ? brotliAsync(body, BROTLI) : gzipAsync(body, GZIP)
}
