import { Trans } from '@lingui/react/macro'
import { lazy, Suspense, useRef, useState, type ComponentProps } from 'react'
import { LOCATION_RADIUS_M } from '../../../shared/constants.ts'
import type { LatLng } from '../../../shared/geo.ts'
import { formatNumber } from '../../../shared/money.ts'
import { useShell } from '../../lib/context.ts'
import { useHydrated } from '../../lib/hydrated.ts'
import { useLocale } from '../../lib/locale.ts'
import { MapAttribution } from '../map/map-attribution.tsx'
import { useSeen } from '../map/seen.ts'
import { numberOrNull, pinText, type ListingFormValues } from './form-values.ts'
import { StreetSearch } from './street-search.tsx'

// the map's own code (and, through it, Leaflet) comes when the section nears the viewport
const PinMapLive = lazy(() => import('../map/pin-map-live.tsx'))

/** The pin the fields hold, or null when they hold none (or no valid pair). */
export function pinOf(values: Pick<ListingFormValues, 'lat' | 'lng'>): LatLng | null {
  const lat = numberOrNull(values.lat)
  const lng = numberOrNull(values.lng)
  if (lat === null || lng === null || !Number.isFinite(lat) || !Number.isFinite(lng)) return null
  return { lat, lng }
}

type PinFrameProps = Omit<ComponentProps<typeof PinMapLive>, 'tilesUrl'> & {
  tiles: { url: string; attribution: string }
}

/** The map's frame: the pin fixed at its centre, the credit, and the map itself once the frame nears the viewport. */
function PinFrame({ tiles, pin, ...live }: PinFrameProps) {
  const frame = useRef<HTMLDivElement>(null)
  const seen = useSeen(frame)
  const waiting = <div className="map-canvas" />
  return (
    <div className="map-frame pin-frame" ref={frame}>
      {seen ? (
        <Suspense fallback={waiting}>
          <PinMapLive {...live} pin={pin} tilesUrl={tiles.url} />
        </Suspense>
      ) : (
        waiting
      )}
      <span className={pin ? 'pin-marker' : 'pin-marker is-unset'} aria-hidden="true" />
      <MapAttribution attribution={tiles.attribution} />
    </div>
  )
}

/**
 * Where the home is (docs/decisions/047-the-listing-form-pin.md): with the app, a map
 * whose centre is the pin, loaded when the section nears the viewport, and hidden fields; without
 * it, the two coordinates as plain fields. Both empty: no pin (the listing shows its city).
 */
export function PinField({
  values,
  set,
  error,
}: {
  values: ListingFormValues
  set: (change: Partial<ListingFormValues>) => void
  error?: string
}) {
  const locale = useLocale()
  const hydrated = useHydrated()
  const tiles = useShell().publicConfig.mapTiles
  // where the map looks now: "Put the pin here" pins it
  const [view, setView] = useState<LatLng | null>(null)
  const pin = pinOf(values)
  const radius = formatNumber(LOCATION_RADIUS_M, locale)
  const city = values.cityLabel
  const invalid = error ? true : undefined
  const describedBy = error ? 'listing-location-error' : undefined
  const place = (point: LatLng | null) =>
    set(point ? { lat: pinText(point.lat), lng: pinText(point.lng) } : { lat: '', lng: '' })
  // six decimals, about 0.1 m, in the reader's digits (a coordinate never reaches a thousand: no grouping)
  const lat = pin ? formatNumber(pin.lat, locale, 6) : ''
  const lng = pin ? formatNumber(pin.lng, locale, 6) : ''

  return (
    <fieldset className="form-section pin-field">
      <legend>
        <Trans>On the map</Trans>
      </legend>
      <p className="hint">
        <Trans>
          Only you and the moderators see the pin; everyone else sees an area of about {radius} m around it. Without a
          pin, the listing shows its city.
        </Trans>
      </p>
      {hydrated && tiles ? (
        <>
          <input type="hidden" name="location_lat" value={values.lat} />
          <input type="hidden" name="location_lng" value={values.lng} />
          {values.city ? (
            <>
              <StreetSearch country={values.country} city={values.city} cityName={city} onChoose={place} />
              <p id="listing-pin-help" className="hint">
                <Trans>
                  Move the map until the pin in its middle marks the home: drag it, or select the map and use the arrow
                  keys.
                </Trans>
              </p>
              <PinFrame
                tiles={tiles}
                country={values.country}
                city={values.city}
                cityName={city}
                pin={pin}
                onPin={place}
                onView={setView}
                describedBy={['listing-pin-help', 'listing-pin-state', describedBy].filter(Boolean).join(' ')}
                invalid={invalid}
              />
              <p id="listing-pin-state" className="pin-state" role="status">
                {pin ? (
                  <Trans>
                    The pin is at <bdi>{lat}</bdi>, <bdi>{lng}</bdi>.
                  </Trans>
                ) : (
                  <Trans>No pin yet: the map shows the centre of {city}.</Trans>
                )}
              </p>
              <div className="pin-actions">
                {pin ? (
                  <button type="button" className="button button-ghost" onClick={() => place(null)}>
                    <Trans>Remove the pin</Trans>
                  </button>
                ) : (
                  <button type="button" className="button button-ghost" disabled={!view} onClick={() => place(view)}>
                    <Trans>Put the pin at the map's centre</Trans>
                  </button>
                )}
              </div>
            </>
          ) : (
            <p className="hint">
              <Trans>Choose the city first: the map opens at its centre.</Trans>
            </p>
          )}
        </>
      ) : (
        <>
          <div className="form-row">
            {(['lat', 'lng'] as const).map((axis) => (
              <div key={axis} className="field">
                <label htmlFor={`listing-location-${axis}`}>
                  {axis === 'lat' ? <Trans>Latitude</Trans> : <Trans>Longitude</Trans>}
                </label>
                <input
                  id={`listing-location-${axis}`}
                  name={`location_${axis}`}
                  inputMode="decimal"
                  dir="ltr"
                  value={values[axis]}
                  onChange={(e) => set({ [axis]: e.target.value })}
                  aria-invalid={invalid}
                  aria-describedby={describedBy}
                />
              </div>
            ))}
          </div>
          <p className="hint">
            <Trans>
              Degrees with a decimal point, as a map app shows them for the home. Leave both empty for no pin; empty
              them to remove it.
            </Trans>
          </p>
        </>
      )}
      {error && (
        <span id="listing-location-error" className="field-error">
          {error}
        </span>
      )}
    </fieldset>
  )
}
