import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream'
import { JSON_BODY_LIMIT, UPLOAD_BODY_LIMIT } from '../../shared/constants.ts'
import { AppError } from '../lib/errors.ts'

const UPLOAD_PATHS = new Set(['/api/v1/upload/photos', '/api/v1/upload/photos/validate'])

/** The most a proxied call's body may hold: photo uploads their own size, every other call the API's JSON limit. */
export function bodyLimitOf(path: string): number {
  return UPLOAD_PATHS.has(path) ? UPLOAD_BODY_LIMIT : JSON_BODY_LIMIT
}

export const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE')

/** A request body on its way to the API that fails once it passes `limit` bytes; `exceeded` tells why it failed. */
export class LimitedBody extends Transform {
  exceeded = false
  private seen = 0

  constructor(private readonly limit: number) {
    super()
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length
    if (this.seen > this.limit) {
      this.exceeded = true
      done(tooLarge())
      return
    }
    done(null, chunk)
  }
}

/**
 * The gateway's body parser for proxied calls: a declared length over the limit is refused before
 * anything is read or sent on (413, where the API would have closed mid-upload and left a 502);
 * a body without a declared length is counted as it streams.
 */
export function limitBody(path: string, declaredLength: string | undefined, payload: Readable): LimitedBody {
  const limit = bodyLimitOf(path)
  if (declaredLength !== undefined && Number(declaredLength) > limit) throw tooLarge()
  const body = new LimitedBody(limit)
  // the body's own error (or the client going away) ends the proxied call; nothing to do here
  pipeline(payload, body, () => {})
  return body
}
