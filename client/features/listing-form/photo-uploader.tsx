import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { MAX_PHOTOS_PER_LISTING } from '../../../shared/constants.ts'
import { formatNumber } from '../../../shared/money.ts'
import { ApiError } from '../../lib/api/call.ts'
import { uploadPhoto, type UploadedPhoto } from '../../lib/api/uploads.ts'
import { useHydrated } from '../../lib/hydrated.ts'
import { useLocale } from '../../lib/locale.ts'
import { Chevron } from '../../components/chevron.tsx'
import { ErrorLine } from '../../components/error-line.tsx'

const MAX_BYTES = 15 * 1024 * 1024
const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif'

/** One tile: a photo being uploaded, uploaded, or refused. */
interface Tile {
  key: string
  name: string
  preview: string
  progress: number
  photo?: UploadedPhoto
  error?: string
}

export interface PhotoChoice {
  fileId: string
  url: string
  thumbUrl: string
}

const moved = <T,>(list: T[], from: number, to: number): T[] => {
  if (to < 0 || to >= list.length || from === to) return list
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item!)
  return next
}

/**
 * The listing's photos: pick or drop files, each uploads with its own progress bar; reorder by
 * drag or with the move buttons (and Alt+arrows); the first photo is the cover. The form sends
 * their ids in order (`photos`). The upload and the moves are scripts: before they run, the photos
 * are shown as they are and the page says they are added with JavaScript
 * (docs/decisions/041-forms-without-javascript.md).
 */
export function PhotoUploader({
  value,
  onChange,
  invalid,
}: {
  value: PhotoChoice[]
  onChange: (photos: PhotoChoice[]) => void
  invalid?: string
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const hydrated = useHydrated()
  const id = useId()
  const [uploads, setUploads] = useState<Tile[]>([])
  const [dragged, setDragged] = useState<number | null>(null)
  const [dropping, setDropping] = useState(false)
  const controllers = useRef(new Map<string, AbortController>())
  const latest = useRef(value)
  // follows the value given, as soon as it is committed (a ref is not written during render)
  useLayoutEffect(() => {
    latest.current = value
  }, [value])

  useEffect(() => {
    const running = controllers.current
    return () => running.forEach((c) => c.abort())
  }, [])

  const patch = (key: string, change: Partial<Tile>) =>
    setUploads((list) => list.map((tile) => (tile.key === key ? { ...tile, ...change } : tile)))

  function refusal(err: unknown): string {
    if (err instanceof ApiError) {
      if (err.code === 'PAYLOAD_TOO_LARGE') return t`This photo is too large (at most 15 MB and 40 megapixels).`
      if (err.code === 'UNSUPPORTED_MEDIA_TYPE')
        return t`This file is not a photo we can read (JPEG, PNG, WebP or HEIC).`
      if (err.code === 'RATE_LIMITED') return t`You have uploaded the most photos allowed for today.`
      if (err.code === 'NETWORK_ERROR') return t`Network error. Please check your connection.`
    }
    return t`The upload failed. Please try again.`
  }

  const max = formatNumber(MAX_PHOTOS_PER_LISTING, locale)

  function add(files: FileList | File[]) {
    const room = MAX_PHOTOS_PER_LISTING - latest.current.length - uploads.filter((u) => !u.error).length
    Array.from(files).forEach((file, index) => {
      const key = `${Date.now()}-${index}-${file.name}`
      const tile: Tile = { key, name: file.name, preview: URL.createObjectURL(file), progress: 0 }
      if (index >= room) tile.error = t`A listing can show at most ${max} photos.`
      else if (file.size > MAX_BYTES) tile.error = t`This photo is too large (at most 15 MB and 40 megapixels).`
      else if (file.type && !ACCEPT.split(',').includes(file.type))
        tile.error = t`This file is not a photo we can read (JPEG, PNG, WebP or HEIC).`
      setUploads((list) => [...list, tile])
      if (tile.error) return
      const controller = new AbortController()
      controllers.current.set(key, controller)
      uploadPhoto(file, (progress) => patch(key, { progress }), controller.signal)
        .then((photo) => {
          setUploads((list) => list.filter((u) => u.key !== key))
          URL.revokeObjectURL(tile.preview)
          // two uploads may finish before the next render: add to the latest list, not the rendered one
          latest.current = [...latest.current, { fileId: photo.fileId, url: photo.url, thumbUrl: photo.thumbUrl }]
          onChange(latest.current)
        })
        .catch((err: unknown) => {
          if (err instanceof DOMException && err.name === 'AbortError') return
          patch(key, { error: refusal(err) })
        })
        .finally(() => controllers.current.delete(key))
    })
  }

  function dismiss(key: string) {
    controllers.current.get(key)?.abort()
    setUploads((list) => list.filter((u) => u.key !== key))
  }

  const move = (from: number, to: number) => onChange(moved(value, from, to))
  const count = formatNumber(value.length, locale)

  return (
    <fieldset className="photo-uploader" aria-describedby={`${id}-hint`} aria-invalid={invalid ? true : undefined}>
      <legend>
        <Trans>Photos</Trans>
      </legend>
      <p id={`${id}-hint`} className="hint">
        <Trans>
          {count} of {max} photos. The first photo is the cover. JPEG, PNG, WebP or HEIC, up to 15 MB each; location
          data is removed.
        </Trans>
      </p>
      <ErrorLine message={invalid} />
      <ol className="photo-tiles">
        {value.map((photo, index) => {
          const number = formatNumber(index + 1, locale)
          return (
            <li
              key={photo.fileId}
              className={`photo-tile${dragged === index ? ' is-dragged' : ''}`}
              draggable
              onDragStart={() => setDragged(index)}
              onDragEnd={() => setDragged(null)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault()
                if (dragged !== null) move(dragged, index)
                setDragged(null)
              }}
              onKeyDown={(event) => {
                if (!event.altKey) return
                const back =
                  event.key === 'ArrowUp' || event.key === (document.dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft')
                const forward =
                  event.key === 'ArrowDown' || event.key === (document.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight')
                if (back || forward) {
                  event.preventDefault()
                  move(index, back ? index - 1 : index + 1)
                }
              }}
            >
              <input type="hidden" name="photos" value={photo.fileId} />
              <img src={photo.thumbUrl} alt={t`Photo ${number}`} width={160} height={120} />
              {index === 0 && (
                <span className="badge photo-cover">
                  <Trans>Cover</Trans>
                </span>
              )}
              <div className="photo-actions" hidden={!hydrated}>
                <button
                  type="button"
                  className="button-icon"
                  onClick={() => move(index, index - 1)}
                  disabled={index === 0}
                  aria-label={t`Move photo ${number} earlier`}
                >
                  <Chevron towards="start" />
                </button>
                {index > 0 && (
                  <button type="button" className="button button-small button-ghost" onClick={() => move(index, 0)}>
                    <Trans>Make cover</Trans>
                  </button>
                )}
                <button
                  type="button"
                  className="button-icon"
                  onClick={() => move(index, index + 1)}
                  disabled={index === value.length - 1}
                  aria-label={t`Move photo ${number} later`}
                >
                  <Chevron towards="end" />
                </button>
                <button
                  type="button"
                  className="button-icon button-danger"
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                  aria-label={t`Remove photo ${number}`}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </div>
            </li>
          )
        })}
        {uploads.map((tile) => {
          const percent = Math.round(tile.progress * 100)
          const name = tile.name
          return (
            <li key={tile.key} className={`photo-tile is-uploading${tile.error ? ' has-error' : ''}`}>
              <img src={tile.preview} alt="" width={160} height={120} />
              {tile.error ? (
                <p className="field-error" role="alert">
                  {tile.name}: {tile.error}
                </p>
              ) : (
                <progress max={100} value={percent} aria-label={t`Uploading ${name}`}>
                  {percent}%
                </progress>
              )}
              <div className="photo-actions">
                <button
                  type="button"
                  className="button-icon"
                  onClick={() => dismiss(tile.key)}
                  aria-label={tile.error ? t`Dismiss` : t`Cancel upload`}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </div>
            </li>
          )
        })}
      </ol>
      {!hydrated && (
        <p className="hint">
          <Trans>
            Adding photos needs JavaScript. Save the listing now and add its photos later, in a browser with JavaScript
            turned on.
          </Trans>
        </p>
      )}
      {hydrated && value.length < MAX_PHOTOS_PER_LISTING && (
        <div
          className={`photo-drop${dropping ? ' is-over' : ''}`}
          onDragOver={(event) => {
            if (!event.dataTransfer.types.includes('Files')) return
            event.preventDefault()
            setDropping(true)
          }}
          onDragLeave={() => setDropping(false)}
          onDrop={(event) => {
            if (!event.dataTransfer.files.length) return
            event.preventDefault()
            setDropping(false)
            add(event.dataTransfer.files)
          }}
        >
          <label htmlFor={`${id}-files`} className="button button-ghost">
            <Trans>Add photos</Trans>
          </label>
          <input
            id={`${id}-files`}
            className="visually-hidden"
            type="file"
            accept={ACCEPT}
            multiple
            onChange={(event) => {
              if (event.target.files) add(event.target.files)
              event.target.value = ''
            }}
          />
          <span className="hint">
            <Trans>or drop them here</Trans>
          </span>
        </div>
      )}
    </fieldset>
  )
}
