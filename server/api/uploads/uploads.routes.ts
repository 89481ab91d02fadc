import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { MAX_PHOTOS_PER_LISTING } from '../../../shared/constants.ts'
import { envelope, IdParams } from '../../../shared/schemas/common.ts'
import {
  ListingPhotoParams,
  ListingPhotosSchema,
  PhotoValidationSchema,
  UploadedPhotosSchema,
} from '../../../shared/schemas/upload.ts'
import { AppError, okEnvelope } from '../../lib/errors.ts'
import { viewerOf } from '../policy.ts'
import { MAX_PHOTO_BYTES } from './images.ts'
import type { UploadedFile, UploadsService } from './uploads.service.ts'

/** The files of a multipart request, one at a time: field `photos` only, each at most 15 MB (413 beyond, while streaming). */
async function* photoParts(request: FastifyRequest): AsyncGenerator<UploadedFile> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the photos as multipart/form-data in the field "photos"')
  const parts = request.files({
    limits: { fileSize: MAX_PHOTO_BYTES, files: MAX_PHOTOS_PER_LISTING, fields: 0, parts: MAX_PHOTOS_PER_LISTING },
  })
  for await (const part of parts) {
    if (part.fieldname !== 'photos') {
      throw new AppError('VALIDATION_ERROR', 'The request is not valid', [
        { path: part.fieldname, code: 'unrecognized_keys', message: 'photos go in the field "photos"' },
      ])
    }
    yield { filename: part.filename, data: await part.toBuffer() }
  }
}

/** /upload/*: the signed-in user's photos. */
export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (app, { uploads }) => {
  await app.register(multipart, { throwFileSizeLimit: true })
  app.addHook('preValidation', app.requireUser)

  app.post(
    '/upload/photos',
    { config: { rateLimitPolicy: 'upload' }, schema: { response: { 200: envelope(UploadedPhotosSchema) } } },
    async (request) => okEnvelope(await uploads.upload(viewerOf(request).userId, photoParts(request))),
  )

  app.post(
    '/upload/photos/validate',
    { config: { rateLimitPolicy: 'upload' }, schema: { response: { 200: envelope(PhotoValidationSchema) } } },
    async (request) => okEnvelope(await uploads.validate(photoParts(request))),
  )

  app.get(
    '/upload/listings/:id/photos',
    { schema: { params: IdParams, response: { 200: envelope(ListingPhotosSchema) } } },
    async (request) => okEnvelope(await uploads.listingPhotos(viewerOf(request), request.params.id)),
  )

  app.delete(
    '/upload/listings/:id/photos/:photoId',
    { schema: { params: ListingPhotoParams, response: { 200: envelope(ListingPhotosSchema) } } },
    async (request) =>
      okEnvelope(await uploads.deleteListingPhoto(viewerOf(request), request.params.id, request.params.photoId)),
  )
}
