import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { PhotoFileParams } from '../../../shared/schemas/upload.ts'
import { readPhotoFor, type PhotoStore, type StoredPhoto } from '../../integrations/photos/photo-store.ts'
import { AppError, ERRORS, sendError } from '../../lib/errors.ts'

/**
 * GET /photos/{fileId}: a stored photo streamed from the store, for a gateway that has none of its own
 * (ROLE=gateway, docs/decisions/031-process-roles.md); the gateway keeps /api/telegramFile's ETag and
 * caching. Unknown → 404; a failing store → its 502/504 envelope; without a store, nothing is found.
 */
export const photoRoutes: FastifyPluginAsyncZod<{ photos?: PhotoStore }> = async (app, { photos }) => {
  app.get('/photos/:fileId', { schema: { params: PhotoFileParams } }, async (request, reply) => {
    let photo: StoredPhoto | null | 'gone'
    try {
      photo = photos ? await readPhotoFor(reply, photos, request.params.fileId) : null
    } catch (err) {
      if (!(err instanceof AppError)) throw err
      request.log.warn({ err, store: photos?.kind }, 'photos.store_failed')
      // a store's own words (a URL, an upstream's text) stay in the log
      const message = err.status >= 500 ? ERRORS[err.code].message : err.message
      return sendError(reply, err.code, message)
    }
    if (photo === 'gone') return reply.status(499).send()
    if (!photo || !photo.contentType.startsWith('image/')) {
      photo?.stream.destroy()
      return sendError(reply, 'NOT_FOUND', 'Photo not found')
    }
    reply.header('content-type', photo.contentType)
    reply.header('cache-control', 'public, max-age=31536000, immutable')
    if (photo.size !== undefined) reply.header('content-length', photo.size)
    return reply.send(photo.stream)
  })
}
