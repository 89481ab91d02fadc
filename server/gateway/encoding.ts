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

/** A whole document in each encoding, compressed once on libuv's thread pool (a kept page: docs/decisions/024-page-render-cache.md). */
export interface CompressedDocument {
  identity: Buffer
  br: Buffer
  gzip: Buffer
}

/** Compresses a document in each encoding, with the settings of a streamed page. */
export async function compressDocument(identity: Buffer): Promise<CompressedDocument> {
  const [br, gzipped] = await Promise.all([brotliAsync(identity, BROTLI), gzipAsync(identity, GZIP)])
  return { identity, br, gzip: gzipped }
}
