import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { isLocaleCode, localeInfo } from '../../../shared/locales.ts'
import type { Listing } from '../../lib/api/listings.ts'
import { useLocale } from '../../lib/locale.ts'

/** The description in the reader's language when a translation exists, with "Show original" (docs/decisions/017-listing-translations.md). */
export function ListingDescription({
  listing,
}: {
  listing: Pick<Listing, 'description' | 'originalDescription' | 'originalLanguage' | 'hasTranslation'>
}) {
  const locale = useLocale()
  const [original, setOriginal] = useState(false)
  const translated = listing.hasTranslation && listing.originalDescription !== null
  const showOriginal = !translated || original
  const text = showOriginal ? (listing.originalDescription ?? listing.description) : listing.description
  const language = isLocaleCode(listing.originalLanguage)
    ? localeInfo(listing.originalLanguage).name
    : listing.originalLanguage
  return (
    <section className="listing-description" aria-labelledby="description-title">
      <h2 id="description-title">
        <Trans>Description</Trans>
      </h2>
      {translated && (
        <p className="hint translation-note">
          {showOriginal ? (
            <Trans>Original text ({language}).</Trans>
          ) : (
            <Trans>Translated automatically from {language}.</Trans>
          )}{' '}
          <button type="button" className="link-button" aria-pressed={original} onClick={() => setOriginal((o) => !o)}>
            {showOriginal ? <Trans>Show translation</Trans> : <Trans>Show original</Trans>}
          </button>
        </p>
      )}
      <p dir="auto" lang={showOriginal ? listing.originalLanguage : locale}>
        {text}
      </p>
    </section>
  )
}
