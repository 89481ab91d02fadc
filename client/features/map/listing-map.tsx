import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { formatNumber } from '../../../shared/money.ts'
import { localeInfo } from '../../../shared/locales.ts'
import { publicBrowserApi } from '../../lib/api/browser.ts'
import { locationsApi } from '../../lib/api/locations.ts'
import { useShell } from '../../lib/context.ts'
import { useLocale } from '../../lib/locale.ts'
import type { LatLng } from '../../../shared/geo.ts'
import type { Listing } from '../../lib/api/listings.ts'
import { MapAttribution } from './map-attribution.tsx'
import { loadMaps, useSeen } from './map-on-demand.ts'

/** Where a listing is, as its public page may say: the approximate point and its circle's radius (or none), and its city. */
export type ListingPlace = Pick<Listing, 'location' | 'country' | 'city' | 'cityName' | 'countryName'>

type MapState = 'waiting' | 'loading' | 'shown' | 'failed'

/**
 * A listing's place: in words first (the page's own, without scripts too), and a small map with the
 * circle its approximate point lies in — or its city's centre — once it scrolls near the viewport.
 */
export function ListingMap({ listing }: { listing: ListingPlace }) {
  const { t } = useLingui()
  const locale = useLocale()
  const tiles = useShell().publicConfig.mapTiles
  const frame = useRef<HTMLDivElement>(null)
  const canvas = useRef<HTMLDivElement>(null)
  const seen = useSeen(frame, '100px')
  const [state, setState] = useState<MapState>('waiting')
  const city = listing.cityName
  const country = listing.countryName
  const location = listing.location

  const makeMap = useEffectEvent(
    (maps: Awaited<ReturnType<typeof loadMaps>>, element: HTMLElement, centre: LatLng, radiusM?: number) =>
      maps.placeMap(element, {
        tilesUrl: tiles!.url,
        rtl: localeInfo(locale).dir === 'rtl',
        labels: { zoomIn: t`Zoom in`, zoomOut: t`Zoom out` },
        centre,
        radiusM,
      }),
  )

  useEffect(() => {
    if (!seen || !tiles || !canvas.current) return
    const element = canvas.current
    let shown: { destroy(): void } | undefined
    let cancelled = false
    setState('loading')
    const centre: Promise<LatLng | undefined> = location
      ? Promise.resolve(location)
      : locationsApi(publicBrowserApi())
          .citiesOf(listing.country, locale)
          .then((cities) => cities.find((c) => c.key === listing.city)?.centre ?? undefined)
    Promise.all([loadMaps(), centre])
      .then(([maps, point]) => {
        if (cancelled) return
        if (!point) return setState('failed')
        shown = makeMap(maps, element, point, location?.radiusM)
        setState('shown')
      })
      .catch(() => {
        if (!cancelled) setState('failed')
      })
    return () => {
      cancelled = true
      shown?.destroy()
    }
  }, [seen, tiles, location, listing.country, listing.city, locale])

  const radius = location ? formatNumber(location.radiusM, locale) : ''
  return (
    <section className="listing-map" aria-labelledby="listing-map-title">
      <h2 id="listing-map-title">
        <Trans>Where it is</Trans>
      </h2>
      <p className="map-place">
        {location ? (
          <Trans>
            In {city}, {country}. The circle shows the area the home is in, to within about {radius} m; the owner shares
            the exact address.
          </Trans>
        ) : (
          <Trans>
            In {city}, {country}. The owner has not marked the home on the map; it shows the centre of {city}.
          </Trans>
        )}
      </p>
      {tiles && (
        <div className="map-frame" ref={frame} data-state={state}>
          <div ref={canvas} className="map-canvas" role="region" aria-label={t`Map of the area of ${city}`} />
          {state !== 'shown' && (
            <p className="map-status" role={state === 'failed' ? 'alert' : undefined}>
              {state === 'failed' ? <Trans>The map could not be loaded.</Trans> : <Trans>Loading the map…</Trans>}
            </p>
          )}
          <MapAttribution attribution={tiles.attribution} />
        </div>
      )}
    </section>
  )
}
