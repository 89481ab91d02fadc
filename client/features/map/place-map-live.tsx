import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import type { LatLng } from '../../../shared/geo.ts'
import { localeInfo } from '../../../shared/locales.ts'
import { publicBrowserApi } from '../../lib/api/browser.ts'
import { centreOf, locationsApi } from '../../lib/api/locations.ts'
import { useLocale } from '../../lib/locale.ts'
import type { ListingPlace } from './listing-map.tsx'
import { mountMap, type Maps } from './mount-map.ts'

type MapState = 'loading' | 'shown' | 'failed'

/** A listing's small map, once its section is near the viewport (listing-map.tsx): the circle, or the city's centre. */
export default function PlaceMapLive({ listing, tilesUrl }: { listing: ListingPlace; tilesUrl: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  const canvas = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<MapState>('loading')
  const location = listing.location
  const city = listing.cityName

  const makeMap = useEffectEvent((maps: Maps, element: HTMLElement, centre: LatLng, radiusM?: number) =>
    maps.placeMap(element, {
      tilesUrl,
      rtl: localeInfo(locale).dir === 'rtl',
      labels: { zoomIn: t`Zoom in`, zoomOut: t`Zoom out` },
      centre,
      radiusM,
    }),
  )

  useEffect(() => {
    if (!canvas.current) return
    const element = canvas.current
    // a listing without a pin is shown at its city's centre, asked for only now
    const centre: Promise<LatLng | undefined> = location
      ? Promise.resolve(location)
      : locationsApi(publicBrowserApi())
          .citiesOf(listing.country, locale)
          .then((cities) => centreOf(cities, listing.city) ?? undefined)
    return mountMap((maps, point) => (point ? makeMap(maps, element, point, location?.radiusM) : null), setState, {
      ahead: centre,
    })
  }, [location, listing.country, listing.city, locale])

  return (
    <>
      <div ref={canvas} className="map-canvas" role="region" aria-label={t`Map of the area of ${city}`} />
      {state !== 'shown' && (
        <p className="map-status" role={state === 'failed' ? 'alert' : undefined}>
          {state === 'failed' ? <Trans>The map could not be loaded.</Trans> : <Trans>Loading the map…</Trans>}
        </p>
      )}
    </>
  )
}
