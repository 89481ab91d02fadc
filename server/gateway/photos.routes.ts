import type { FastifyPluginAsync } from 'fastify'
import { readPhotoFor, type PhotoStore, type StoredPhoto } from '../integrations/photos/photo-store.ts'
import { AppError, ERRORS, sendError } from '../lib/errors.ts'

/** Where the gateway reads photos: the photo store itself, or the API's reading of it (api-photos.ts). */
export interface PhotoSource {
  readonly kind: string
  get: PhotoStore['get']
}

/** Telegram's file id alphabet with a length cap: anything else is refused before the store is asked. */
const FILE_ID_PARAM = /^[A-Za-z0-9_-]{1,200}$/

/**
 * /api/telegramFile/{fileId} (docs/decisions/004-photo-store.md): a stored photo, streamed (never buffered), images only,
 * cached for a year — a file id never changes its content, so the id is also the ETag.
 */
export const photosRoutes: FastifyPluginAsync<{ photos: PhotoSource }> = async (app, { photos }) => {
  app.get<{ Params: { fileId: string } }>('/api/telegramFile/:fileId', async (request, reply) => {
    const { fileId } = request.params
    if (!FILE_ID_PARAM.test(fileId)) return sendError(reply, 'VALIDATION_ERROR', 'Not a photo id')
    const etag = `"${fileId}"`
    reply.header('etag', etag)
    reply.header('cache-control', 'public, max-age=31536000, immutable')
    if (request.headers['if-none-match'] === etag) return reply.status(304).send()

    let photo: StoredPhoto | null | 'gone'
    try {
      photo = await readPhotoFor(reply, photos, fileId)
    } catch (err) {
      if (!(err instanceof AppError)) throw err
      request.log.warn({ err, store: photos.kind }, 'photos.store_failed')
      const message = err.status >= 500 ? ERRORS[err.code].message : err.message
      return sendError(reply.header('cache-control', 'no-store'), err.code, message)
    }
    if (photo === 'gone') return reply.status(499).send() // nobody is listening any more
    if (!photo) return sendError(reply.header('cache-control', 'no-store'), 'NOT_FOUND', 'Photo not found')
    if (!photo.contentType.startsWith('image/')) {
      photo.stream.destroy()
      return sendError(reply.header('cache-control', 'no-store'), 'NOT_FOUND', 'Photo not found')
    }
    reply.header('content-type', photo.contentType)
    if (photo.size !== undefined) reply.header('content-length', photo.size)
    return reply.send(photo.stream)
  })
}
