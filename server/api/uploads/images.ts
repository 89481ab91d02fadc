import type { Metadata } from 'sharp'
import { AppError } from '../../lib/errors.ts'
import { loadSharp } from '../../lib/sharp.ts'

import { PHOTO_LARGE_EDGE, PHOTO_SMALL_EDGE } from '../../../shared/constants.ts'

export { MAX_PHOTO_BYTES } from '../../../shared/constants.ts'
/** At most 40 megapixels (checked from the header, before any decoding). */
export const MAX_PHOTO_PIXELS = 40_000_000
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'heif'

/** The real format from the first bytes, whatever the file name or the declared type says; null for anything else (SVG included). */
export function sniffFormat(head: Buffer): ImageFormat | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg'
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png'
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP')
    return 'webp'
  if (
    head.length >= 12 &&
    head.toString('latin1', 4, 8) === 'ftyp' &&
    /^(heic|heix|hevc|hevx|mif1|msf1|avif)$/.test(head.toString('latin1', 8, 12))
  )
    return 'heif'
  return null
}

export interface CheckedImage {
  format: ImageFormat
  width: number
  height: number
}

const unsupported = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only JPEG, PNG, WebP or HEIC photos are accepted', {
    reason: 'unsupported_image',
  })

/** Checks an upload without decoding its pixels: the magic bytes, then the header's format and size. */
export async function checkImage(data: Buffer): Promise<CheckedImage> {
  const sniffed = sniffFormat(data.subarray(0, 16))
  if (!sniffed) throw unsupported()
  const sharp = await loadSharp()
  let meta: Metadata
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata()
  } catch {
    throw unsupported()
  }
  // the bytes must be what their header says (a polyglot PNG header on a JPEG body and the like)
  const format: string = (meta.format as string) === 'heif' || (meta.format as string) === 'avif' ? 'heif' : meta.format
  if (format !== sniffed || !meta.width || !meta.height) throw unsupported()
  if (meta.width * meta.height > MAX_PHOTO_PIXELS) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'The photo has more than 40 megapixels', {
      reason: 'too_many_pixels',
      width: meta.width,
      height: meta.height,
    })
  }
  return { format, width: meta.width, height: meta.height }
}

export interface EncodedPhoto {
  large: Buffer
  small: Buffer
  width: number
  height: number
}

/**
 * Re-encodes a checked upload: turned upright from its EXIF orientation, then written afresh as
 * WebP in two sizes. Nothing of the original file survives — EXIF, GPS, XMP and ICC text are not
 * copied (sharp keeps metadata only when asked).
 */
export async function encodePhoto(data: Buffer): Promise<EncodedPhoto> {
  const sharp = await loadSharp()
  try {
    const upright = sharp(data, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' }).rotate()
    const large = await upright
      .clone()
      .resize({ width: PHOTO_LARGE_EDGE, height: PHOTO_LARGE_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true })
    const small = await sharp(large.data)
      .resize({ width: PHOTO_SMALL_EDGE, height: PHOTO_SMALL_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 72 })
      .toBuffer()
    return { large: large.data, small, width: large.info.width, height: large.info.height }
  } catch (err) {
    if (err instanceof AppError) throw err
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The photo could not be read', { reason: 'unreadable_image' })
  }
}
