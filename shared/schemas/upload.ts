import { z } from 'zod'
import { IdParams } from './common.ts'

/** A photo as stored: the full image and its thumbnail, by file id and by URL. */
export const UploadedPhotoSchema = z.object({
  file_id: z.string(),
  thumb_file_id: z.string(),
  url: z.string(),
  thumb_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
})
export type UploadedPhoto = z.infer<typeof UploadedPhotoSchema>

/** A photo of a listing: an uploaded photo with its row id and its place in the gallery. */
export const ListingPhotoSchema = UploadedPhotoSchema.extend({ id: z.number().int(), position: z.number().int() })

/** POST /upload/photos: the photos of the request, stored. */
export const UploadedPhotosSchema = z.object({ photos: z.array(UploadedPhotoSchema) })

/** GET /upload/listings/{id}/photos and DELETE …/photos/{photoId}: the listing's photos in order. */
export const ListingPhotosSchema = z.object({ photos: z.array(ListingPhotoSchema) })

/** POST /upload/photos/validate: each file checked without storing it. */
export const PhotoValidationSchema = z.object({
  files: z.array(
    z.object({
      filename: z.string(),
      valid: z.boolean(),
      format: z.string().nullable(),
      width: z.number().int().nullable(),
      height: z.number().int().nullable(),
      error: z.object({ code: z.string(), message: z.string() }).nullable(),
    }),
  ),
  max_files: z.number().int(),
})

/** DELETE /upload/listings/{id}/photos/{photoId}. */
export const ListingPhotoParams = IdParams.extend({ photoId: IdParams.shape.id })

/** GET /photos/{fileId}: a stored photo's file id (the store's alphabet, bounded), as /api/telegramFile/{fileId} takes it. */
export const PhotoFileParams = z.object({ fileId: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/) })
