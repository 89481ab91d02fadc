import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { formatDate } from '../../../shared/dates.ts'
import { listingPath } from '../../../shared/seo.ts'
import { AppLink } from '../../components/app-link.tsx'
import type { Listing } from '../../lib/api/listings.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { TERM_LABELS, TYPE_LABELS } from './labels.ts'
import { FavoriteButton } from '../favorites/favorite-button.tsx'
import { Price } from './price.tsx'

/** What a card shows: loaders send only this to the page, so the hydration data stays small. */
export type CardListing = Pick<
  Listing,
  | 'id'
  | 'slug'
  | 'type'
  | 'cityName'
  | 'countryName'
  | 'rent'
  | 'currency'
  | 'term'
  | 'startDate'
  | 'isBoosted'
  | 'isFavorited'
  | 'status'
> & {
  /** The first photo as the card shows it: its thumbnail and size (the full-size address and id stay out of the page's data). */
  photo: Pick<Listing['photos'][number], 'thumbUrl' | 'width' | 'height'> | null
}

export function toCard(listing: Listing): CardListing {
  const { id, slug, type, cityName, countryName, rent, currency, term, startDate, isBoosted, isFavorited, status } =
    listing
  const first = listing.photos[0]
  return {
    id,
    slug,
    type,
    cityName,
    countryName,
    rent,
    currency,
    term,
    startDate,
    isBoosted,
    isFavorited,
    status,
    photo: first ? { thumbUrl: first.thumbUrl, width: first.width, height: first.height } : null,
  }
}

/** The title a listing is shown under: its type and city, in the reader's language. */
export function useListingTitle(): (listing: Pick<Listing, 'type' | 'cityName'>) => string {
  const { i18n, t } = useLingui()
  return (listing) => {
    const type = i18n._(TYPE_LABELS[listing.type])
    const city = listing.cityName
    return t`${type} in ${city}`
  }
}

export function ListingCard({
  listing,
  eager = false,
  priority = false,
  headingLevel = 3,
  onFavoriteChange,
  note,
  highlighted = false,
  onHighlight,
}: {
  listing: CardListing
  eager?: boolean
  /** The page's largest image on a phone (its first card): fetched first, and preloaded by the server's render. */
  priority?: boolean
  /** 2 where the cards sit right under the page's h1 (the headings never skip a level), 3 under a section's h2. */
  headingLevel?: 2 | 3
  onFavoriteChange?: (favorited: boolean) => void
  /** A line under the facts that the showing page adds (an AI search's fit score). */
  note?: ReactNode
  /** Its marker on the results' map is pointed at. */
  highlighted?: boolean
  /** Pointing at or focusing the card (null: leaving it), for its marker on the results' map. */
  onHighlight?: (id: number | null) => void
}) {
  // Plain-text messages (t) rather than <Trans>: twenty cards a page, no markup to interpolate.
  const { i18n, t } = useLingui()
  const locale = useLocale()
  const to = useLocalePath()
  const title = useListingTitle()(listing)
  const startDate = listing.startDate ? formatDate(listing.startDate, locale) : null
  const photo = listing.photo
  const Title = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article
      className={`listing-card${listing.status === 'active' ? '' : ' is-unavailable'}${highlighted ? ' is-highlighted' : ''}`}
      data-listing-id={listing.id}
      onMouseEnter={onHighlight && (() => onHighlight(listing.id))}
      onMouseLeave={onHighlight && (() => onHighlight(null))}
      onFocus={onHighlight && (() => onHighlight(listing.id))}
      onBlur={onHighlight && (() => onHighlight(null))}
    >
      <AppLink to={to(listingPath(listing.slug))} className="listing-card-link">
        <div className="listing-card-photo">
          {photo ? (
            <img
              src={photo.thumbUrl}
              alt=""
              width={photo.width}
              height={photo.height}
              loading={eager || priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : undefined}
              decoding="async"
            />
          ) : (
            <div className="photo-missing" aria-hidden="true">
              🏠
            </div>
          )}
          {/* a boost puts a listing first in search; one no longer for rent is in no search to be first in */}
          {listing.isBoosted && listing.status === 'active' && <span className="badge badge-boost">{t`Featured`}</span>}
        </div>
        <div className="listing-card-body">
          <Price rent={listing.rent} currency={listing.currency} className="listing-card-price" />
          <Title className="listing-card-title">{title}</Title>
          <p className="listing-card-meta">
            <span>{listing.countryName}</span>
            <span>{i18n._(TERM_LABELS[listing.term])}</span>
            {startDate && <span>{t`from ${startDate}`}</span>}
          </p>
          {note}
        </div>
      </AppLink>
      {listing.status !== 'active' && <p className="listing-card-unavailable">{t`No longer available`}</p>}
      <FavoriteButton listingId={listing.id} favorited={listing.isFavorited} onChange={onFavoriteChange} />
    </article>
  )
}
