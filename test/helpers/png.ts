import { crc32, deflateSync } from 'node:zlib'

/**
 * A PNG with this header and these raw scanlines (deflated, every CRC right): a probe of how a
 * decoder's limits meet what a header claims (no pixels at all) or what the data really holds.
 */
export function pngBytes(width: number, height: number, pixels: { colourType: 0 | 2; scanlines: Buffer }): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const out = Buffer.alloc(12 + data.length)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc32(body), 8 + data.length)
    return out
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.writeUInt8(8, 8) // bit depth
  ihdr.writeUInt8(pixels.colourType, 9) // 0 greyscale, 2 truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(pixels.scanlines, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
