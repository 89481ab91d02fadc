import { MAX_PHOTOS_PER_LISTING, UPLOADS_PER_DAY } from '../../../shared/constants.ts'
import { photoUrl } from '../../../shared/paths.ts'
import { AppError } from '../../lib/errors.ts'
import type { PhotoStore } from '../../integrations/photos/photo-store.ts'
import type { Db } from '../db/client.ts'
import { canManage, type Viewer } from '../policy.ts'
import { USER_WINDOWS } from '../rate-limit/limits.ts'
import { windowFull } from '../rate-limit/user-windows.ts'
import { checkImage, encodePhoto, type EncodedPhoto } from './images.ts'
import { uploadsRepo, type ListingPhotoRow, type UploadRow } from './uploads.repo.ts'

export interface UploadedFile {
  filename: string
  data: Buffer
}

const wire = (row: UploadRow) => ({ ...row, url: photoUrl(row.file_id), thumb_url: photoUrl(row.thumb_file_id) })
const quotaSpent = () =>
  new AppError('RATE_LIMITED', 'You have uploaded the most photos allowed for one day', {
    reason: 'upload_quota',
    limit: UPLOADS_PER_DAY,
  })
const wirePhoto = (row: ListingPhotoRow) => ({ id: row.id, position: row.position, ...wire(row) })

/** Photo uploads (docs/decisions/004-photo-store.md): checked, re-encoded, stored in the PhotoStore, counted against the user's quota. */
export interface UploadsOptions {
  photos?: PhotoStore
  /** Called after a change of a listing's photos: the public side shows it at once. */
  onListingChanged: (listing: { id: number; slug: string }) => void
}

export function uploadsService(db: Db, options: UploadsOptions) {
  const repo = uploadsRepo(db)

  async function managedListing(viewer: Viewer, listingId: number): Promise<{ slug: string }> {
    const listing = await repo.findListing(listingId)
    // someone else's listing is as unknown as a missing one (no probing ids)
    if (!listing || !canManage(viewer, listing)) throw new AppError('NOT_FOUND', 'Listing not found')
    return listing
  }

  return {
    /**
     * POST /upload/photos: every file is checked and re-encoded before anything is stored, so one
     * bad file in a batch stores nothing. Files arrive one at a time (never the whole body at once).
     */
    async upload(userId: number, files: AsyncIterable<UploadedFile>) {
      if (!options.photos) throw new AppError('SERVICE_UNAVAILABLE', 'Photo storage is not configured')
      const counted = { table: 'uploads', owner: { user_id: userId } }
      // a spent allowance is refused before any file is read; the exact count is taken again below
      if (await windowFull(db, counted, USER_WINDOWS.photoUploads)) throw quotaSpent()
      const encoded: EncodedPhoto[] = []
      for await (const file of files) {
        await checkImage(file.data)
        encoded.push(await encodePhoto(file.data))
      }
      if (encoded.length === 0)
        throw new AppError('VALIDATION_ERROR', 'The request is not valid', [
          { path: 'photos', code: 'too_small', message: 'at least one photo is required' },
        ])
      const rows: UploadRow[] = []
      for (const photo of encoded) {
        const [file_id, thumb_file_id] = await Promise.all([
          options.photos.put(photo.large, 'image/webp'),
          options.photos.put(photo.small, 'image/webp'),
        ])
        rows.push({ file_id, thumb_file_id, width: photo.width, height: photo.height })
      }
      // the whole batch fits or none of it is kept (its stored files stay unreferenced, as an abandoned upload's)
      await db.transaction(async (tx) => {
        if (await windowFull(tx, counted, USER_WINDOWS.photoUploads, rows.length)) throw quotaSpent()
        await uploadsRepo(tx).insert(userId, rows)
      })
      return { photos: rows.map(wire) }
    },

    /** POST /upload/photos/validate: the same checks, one answer per file, nothing stored. */
    async validate(files: AsyncIterable<UploadedFile>) {
      const results = []
      for await (const file of files) {
        try {
          const image = await checkImage(file.data)
          results.push({
            filename: file.filename,
            valid: true,
            format: image.format,
            width: image.width,
            height: image.height,
            error: null,
          })
        } catch (err) {
          if (!(err instanceof AppError)) throw err
          results.push({
            filename: file.filename,
            valid: false,
            format: null,
            width: null,
            height: null,
            error: { code: err.code, message: err.message },
          })
        }
      }
      if (results.length === 0)
        throw new AppError('VALIDATION_ERROR', 'The request is not valid', [
          { path: 'photos', code: 'too_small', message: 'at least one photo is required' },
        ])
      return { files: results, max_files: MAX_PHOTOS_PER_LISTING }
    },

    /** GET /upload/listings/{id}/photos: the owner's (or an admin's) view of a listing's photos. */
    async listingPhotos(viewer: Viewer, listingId: number) {
      await managedListing(viewer, listingId)
      return { photos: (await repo.photosOf(listingId)).map(wirePhoto) }
    },

    /** DELETE /upload/listings/{id}/photos/{photoId}: the owner (or an admin) removes one photo. */
    async deleteListingPhoto(viewer: Viewer, listingId: number, photoId: number) {
      const { slug } = await managedListing(viewer, listingId)
      if (!(await repo.deletePhoto(listingId, photoId))) throw new AppError('NOT_FOUND', 'Photo not found')
      options.onListingChanged({ id: listingId, slug })
      return { photos: (await repo.photosOf(listingId)).map(wirePhoto) }
    },
  }
}
export type UploadsService = ReturnType<typeof uploadsService>
