import { Trans, useLingui } from '@lingui/react/macro'
import { Suspense, useRef } from 'react'
import { formatNumber } from '../../../shared/money.ts'
import type { Listing } from '../../lib/api/listings.ts'
import { useShell } from '../../lib/context.ts'
import { useLocale } from '../../lib/locale.ts'
import { onUsePart } from '../../lib/kept-part.tsx'
import { MapAttribution } from './map-attribution.tsx'
import { useSeen } from './seen.ts'

// the map's own code (and, through it, Leaflet) and its messages come when the section nears the viewport
const PlaceMapLive = onUsePart(() => import('./place-map-live.tsx'))

/** Where a listing is, as its public page may say: the approximate point and its circle's radius (or none), and its city. */
export type ListingPlace = Pick<Listing, 'location' | 'country' | 'city' | 'cityName' | 'countryName'>

/**
 * A listing's place (docs/decisions/045-maps-leaflet-and-tiles.md): in words first (the page's own,
 * without scripts too), and a small map with the circle its approximate point lies in — or its
 * city's centre — once it scrolls near the viewport. The listing page keeps the server's HTML of it
 * until then, with no script (`keptPart`, docs/decisions/040-script-budget-per-page.md).
 */
export default function ListingMap({ listing }: { listing: ListingPlace }) {
  const { t } = useLingui()
  const locale = useLocale()
  const tiles = useShell().publicConfig.mapTiles
  const frame = useRef<HTMLDivElement>(null)
  const seen = useSeen(frame, '100px')
  const city = listing.cityName
  const country = listing.countryName
  const location = listing.location
  const radius = location ? formatNumber(location.radiusM, locale) : ''
  const waiting = <div className="map-canvas" role="region" aria-label={t`Map of the area of ${city}`} />
  return (
    <section className="listing-map" aria-labelledby="listing-map-title">
      <h2 id="listing-map-title">
        <Trans>Where it is</Trans>
      </h2>
      <p className="map-place">
        {location ? (
          <Trans>
            In {city}, {country}. The circle shows the area the home is in, to within about {radius} m; the owner shares
            the exact address.
          </Trans>
        ) : (
          <Trans>
            In {city}, {country}. The owner has not marked the home on the map; it shows the centre of {city}.
          </Trans>
        )}
      </p>
      {tiles && (
        <div className="map-frame" ref={frame}>
          {seen ? (
            <Suspense fallback={waiting}>
              <PlaceMapLive listing={listing} tilesUrl={tiles.url} />
            </Suspense>
          ) : (
            waiting
          )}
          <MapAttribution attribution={tiles.attribution} />
        </div>
      )}
    </section>
  )
}
