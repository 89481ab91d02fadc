import { ApiError, type UploadedPhoto } from '../../lib/api.ts'
import { camelize } from '../../lib/camelize.ts'

interface Envelope {
  success?: boolean
  data?: { photos?: unknown[] }
  error?: { code: string; message: string; details: unknown } | null
}

/**
 * Uploads one photo through the gateway (POST /upload/photos, field `photos`) and reports its
 * progress: XMLHttpRequest is the one browser API with upload progress events.
 */
export function uploadPhoto(file: File, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<UploadedPhoto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', '/api/v1/upload/photos')
    xhr.setRequestHeader('accept', 'application/json')
    xhr.responseType = 'json'
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      const body = (xhr.response ?? null) as Envelope | null
      const photo = body?.data?.photos?.[0]
      if (xhr.status < 400 && body?.success && photo) {
        onProgress(1)
        resolve(camelize(photo) as UploadedPhoto)
        return
      }
      const error = body?.error
      reject(new ApiError(xhr.status, error?.code ?? (xhr.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'API_ERROR'), error?.message ?? 'API request failed', error?.details ?? null))
    }
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', 'Network error. Please check your connection.'))
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'))
    signal.addEventListener('abort', () => xhr.abort(), { once: true })
    const form = new FormData()
    form.append('photos', file, file.name)
    xhr.send(form)
  })
}
