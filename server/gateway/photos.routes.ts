import type { FastifyPluginAsync } from 'fastify'
import type { PhotoStore } from '../../server/integrations/photos/photo-store.ts'
import { errorEnvelope } from '../lib/errors.ts'

/** /api/telegramFile/{fileId} (SPEC §2): a stored photo, streamed, cached for a year (file ids never change content). */
export const photosRoutes: FastifyPluginAsync<{ photos: PhotoStore }> = async (app, { photos }) => {
  app.get<{ Params: { fileId: string } }>('/api/telegramFile/:fileId', async (request, reply) => {
    const photo = await photos.get(request.params.fileId)
    if (!photo) return reply.status(404).send(errorEnvelope('NOT_FOUND', 'Photo not found'))
    reply.header('content-type', photo.contentType)
    reply.header('cache-control', 'public, max-age=31536000, immutable')
    if (photo.size !== undefined) reply.header('content-length', photo.size)
    return reply.send(photo.stream)
  })
}
