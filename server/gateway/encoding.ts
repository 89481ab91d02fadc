import type { Transform } from 'node:stream'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, crc32, createBrotliCompress, createGzip, deflateRaw } from 'node:zlib'

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
const deflateRawAsync = promisify(deflateRaw)

/**
 * The start of a document, compressed once, that each response ends with bytes of its own without
 * compressing anything again (`documentEnd`). Each encoding's stream is flushed to a byte boundary and
 * left open: brotli's before its last meta-block, gzip's (its header and a raw deflate stream) before
 * its last block and its trailer, whose checksum continues from `crc`.
 */
export interface OpenDocument {
  identity: Buffer
  br: Buffer
  gzip: Buffer
  /** The CRC-32 of `identity`, which the gzip trailer continues over the end. */
  crc: number
}

/** A gzip member's header: deflate, no name, no time, unknown system (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])

/** Compresses the start of a document in each encoding, on libuv's thread pool. */
export async function compressOpen(identity: Buffer): Promise<OpenDocument> {
  const [br, raw] = await Promise.all([
    brotliAsync(identity, { ...BROTLI, finishFlush: zlib.BROTLI_OPERATION_FLUSH }),
    deflateRawAsync(identity, { ...GZIP, finishFlush: zlib.Z_SYNC_FLUSH }),
  ])
  return { identity, br, gzip: Buffer.concat([GZIP_HEADER, raw]), crc: crc32(identity) }
}

/** The longest run of bytes one stored block holds: deflate's limit (brotli's is larger). */
const STORED_MAX = 0xffff

/**
 * What follows an open document's bytes in `encoding` so that it decodes to the document followed by
 * `end`: the end as stored (uncompressed) blocks — a few hundred bytes at most, not worth compressing
 * per response — and each stream's closing.
 */
export function documentEnd(document: OpenDocument, encoding: Encoding | null, end: Buffer): Buffer {
  if (encoding === null) return end
  const parts: Buffer[] = []
  for (let at = 0; at < end.length; at += STORED_MAX) {
    const run = end.subarray(at, at + STORED_MAX)
    const last = at + STORED_MAX >= end.length
    parts.push(encoding === 'br' ? brotliStoredHeader(run.length) : deflateStoredHeader(run.length, last), run)
  }
  if (encoding === 'br') {
    // ISLAST and ISLASTEMPTY: the stream ends (RFC 7932, 9.2)
    parts.push(Buffer.from([0b11]))
  } else {
    if (end.length === 0) parts.push(deflateStoredHeader(0, true))
    const trailer = Buffer.alloc(8)
    // (zlib answers 0, not the value it continues, for an empty buffer without memory behind it)
    trailer.writeUInt32LE(end.length > 0 ? crc32(end, document.crc) : document.crc, 0)
    trailer.writeUInt32LE((document.identity.length + end.length) % 2 ** 32, 4)
    parts.push(trailer)
  }
  return Buffer.concat(parts)
}

/** A deflate stored block's header at a byte boundary: BFINAL, BTYPE 00, then LEN and its complement (RFC 1951, 3.2.4). */
function deflateStoredHeader(length: number, last: boolean): Buffer {
  const header = Buffer.alloc(5)
  header[0] = last ? 1 : 0
  header.writeUInt16LE(length, 1)
  header.writeUInt16LE(~length & 0xffff, 3)
  return header
}

/**
 * A brotli meta-block header for `length` (1–65536) uncompressed bytes, at a byte boundary: ISLAST 0,
 * MNIBBLES 4, MLEN − 1, ISUNCOMPRESSED 1, padded with zero bits to the byte (RFC 7932, 9.2).
 */
function brotliStoredHeader(length: number): Buffer {
  const bits = ((length - 1) << 3) | (1 << 19)
  return Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff])
}
