import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { PHOTO_SMALL_EDGE } from '../../../shared/constants.ts'
import { formatNumber } from '../../../shared/money.ts'
import { Chevron } from '../../components/chevron.tsx'
import type { Listing } from '../../lib/api/listings.ts'
import { useLocale } from '../../lib/locale.ts'

type Photo = Listing['photos'][number]

/** How wide the large photo is shown: the page's width on one column, else beside the 360 px summary (client/styles/app.css). */
export const GALLERY_SIZES = '(max-width: 900px) calc(100vw - 32px), 784px'

/**
 * Both stored variants with their widths, so the browser fetches the smallest that fills the box
 * (docs/decisions/026-images-fonts-and-lcp.md); the small one fits a PHOTO_SMALL_EDGE square.
 */
export function gallerySrcSet(photo: Photo): string | undefined {
  const scale = Math.min(1, PHOTO_SMALL_EDGE / Math.max(photo.width, photo.height))
  const smallWidth = Math.round(photo.width * scale)
  return smallWidth < photo.width ? `${photo.thumbUrl} ${smallWidth}w, ${photo.url} ${photo.width}w` : undefined
}

/** The photo gallery: one large photo, thumbnails and previous/next buttons, all reachable by keyboard. */
export function Gallery({ photos, title }: { photos: Listing['photos']; title: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  const [index, setIndex] = useState(0)
  const current = photos[index]
  if (!current) {
    return (
      <div className="gallery gallery-empty" aria-hidden="true">
        🏠
      </div>
    )
  }
  const n = photos.length
  const count = formatNumber(n, locale)
  const position = formatNumber(index + 1, locale)
  const go = (delta: number) => setIndex((i) => (i + delta + n) % n)
  return (
    <section className="gallery" aria-roledescription={t`gallery`} aria-label={t`Photos`}>
      <div
        className="gallery-main"
        onKeyDown={(e) => (e.key === 'ArrowLeft' ? go(-1) : e.key === 'ArrowRight' ? go(1) : undefined)}
      >
        <img
          src={current.url}
          srcSet={gallerySrcSet(current)}
          sizes={GALLERY_SIZES}
          alt={t`${title}, photo ${position} of ${count}`}
          width={current.width}
          height={current.height}
          fetchPriority="high"
        />
        {n > 1 && (
          <>
            <button type="button" className="gallery-prev" onClick={() => go(-1)} aria-label={t`Previous photo`}>
              <Chevron towards="start" />
            </button>
            <button type="button" className="gallery-next" onClick={() => go(1)} aria-label={t`Next photo`}>
              <Chevron towards="end" />
            </button>
            <span className="gallery-count" aria-live="polite">
              <Trans>
                {position} / {count}
              </Trans>
            </span>
          </>
        )}
      </div>
      {n > 1 && (
        <ul className="gallery-thumbs" role="list">
          {photos.map((photo, i) => (
            <li key={photo.id}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-current={i === index}
                aria-label={t`Show photo ${formatNumber(i + 1, locale)}`}
              >
                <img src={photo.thumbUrl} alt="" width={photo.width} height={photo.height} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
