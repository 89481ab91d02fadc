import { answerData, ApiError, type Answer } from './call.ts'

export type UploadedPhoto = Answer<'UploadedPhotoSchema'>
export type ListingPhoto = Answer<'ListingPhotoSchema'>

/**
 * Uploads one photo through the gateway (POST /upload/photos, field `photos`) and reports its
 * progress: XMLHttpRequest is the one browser API with upload progress events.
 */
export function uploadPhoto(
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<UploadedPhoto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', '/api/v1/upload/photos')
    xhr.setRequestHeader('accept', 'application/json')
    xhr.responseType = 'json'
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      const body: unknown = xhr.response ?? null
      try {
        const photo = answerData('UploadedPhotosSchema', { status: xhr.status, body }).photos[0]
        if (!photo) throw new ApiError(xhr.status, 'API_ERROR', 'API request failed')
        onProgress(1)
        resolve(photo)
      } catch (err) {
        // a body limit in front of the API may answer 413 without an error of its own
        const tooLarge = err instanceof ApiError && err.status === 413 && err.code === 'API_ERROR'
        reject(tooLarge ? new ApiError(413, 'PAYLOAD_TOO_LARGE', err.message, err.details) : err)
      }
    }
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', 'Network error. Please check your connection.'))
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'))
    signal.addEventListener('abort', () => xhr.abort(), { once: true })
    const form = new FormData()
    form.append('photos', file, file.name)
    xhr.send(form)
  })
}
