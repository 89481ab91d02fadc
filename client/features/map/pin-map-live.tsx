import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { MAX_PIN_DISTANCE_KM } from '../../../shared/constants.ts'
import { distanceM, type LatLng } from '../../../shared/geo.ts'
import { localeInfo } from '../../../shared/locales.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { centreOf, locationsApi } from '../../lib/api/locations.ts'
import { useLocale } from '../../lib/locale.ts'
import type { PinMap } from './leaflet-map.ts'
import { mountMap } from './mount-map.ts'

type MapState = 'loading' | 'shown' | 'failed'

/** A pin's zoom: streets and house blocks; a city's: its districts. */
const PIN_ZOOM = 16
const CITY_ZOOM = 12
/** Points closer than this (about a centimetre) are the same place to the map. */
const same = (a: LatLng, b: LatLng) => Math.abs(a.lat - b.lat) < 1e-7 && Math.abs(a.lng - b.lng) < 1e-7

/**
 * The listing form's map (pin-field.tsx): the pin is its centre. It opens at the stored pin or the
 * city's centre, follows the pin when the form changes it (removed, typed, found by a search), and
 * drops a pin that a new city puts out of reach (the API would refuse it).
 */
export default function PinMapLive({
  country,
  city,
  cityName,
  pin,
  tilesUrl,
  onPin,
  onView,
  describedBy,
  invalid,
}: {
  country: string
  city: string
  cityName: string
  pin: LatLng | null
  tilesUrl: string
  onPin: (point: LatLng | null) => void
  onView: (point: LatLng) => void
  describedBy: string
  invalid?: boolean
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const canvas = useRef<HTMLDivElement>(null)
  const map = useRef<PinMap | null>(null)
  // where the map's centre is now, as the map was last moved (by the reader or the page)
  const shown = useRef<LatLng | null>(null)
  const [state, setState] = useState<MapState>('loading')
  // the chosen city's centre: undefined while asked, null when the city has none
  const [centre, setCentre] = useState<{ city: string; point: LatLng | null } | undefined>(undefined)
  const cityCentre = centre?.city === `${country}/${city}` ? centre.point : undefined

  useEffect(() => {
    const controller = new AbortController()
    locationsApi(browserApi())
      .citiesOf(country, locale, controller.signal)
      .then((cities) => setCentre({ city: `${country}/${city}`, point: centreOf(cities, city) }))
      .catch(() => {
        if (!controller.signal.aborted) setCentre({ city: `${country}/${city}`, point: null })
      })
    return () => controller.abort()
  }, [country, city, locale])

  const show = (point: LatLng, zoom?: number) => {
    shown.current = point
    map.current?.show(point, zoom)
    onView(point)
  }

  const moved = useEffectEvent((point: LatLng) => {
    shown.current = point
    onView(point)
    onPin(point)
  })
  const start = useEffectEvent(() => (pin ? { point: pin, zoom: PIN_ZOOM } : { point: cityCentre, zoom: CITY_ZOOM }))
  const labels = useEffectEvent(() => ({ zoomIn: t`Zoom in`, zoomOut: t`Zoom out` }))
  // once there is a place to open at, the map stays (a city being changed does not close it)
  const [ready, setReady] = useState(false)
  if (!ready && (cityCentre !== undefined || pin !== null)) setReady(true)

  // the map, once its module has come and there is a place to open at
  useEffect(() => {
    const element = canvas.current
    if (!element || !ready) return
    return mountMap(
      (maps) => {
        const { point, zoom } = start()
        if (!point) return null
        const made = maps.pinMap(element, {
          tilesUrl,
          rtl: localeInfo(locale).dir === 'rtl',
          labels: labels(),
          start: point,
          zoom,
          onMove: moved,
        })
        shown.current = point
        onView(point)
        return made
      },
      setState,
      { into: map },
    )
    // the map is made once; later changes move it (below)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, tilesUrl, locale])

  // the form changed the pin (removed, typed, found): the map follows
  useEffect(() => {
    if (!map.current) return
    if (pin && !(shown.current && same(pin, shown.current))) show(pin, PIN_ZOOM)
    else if (!pin && cityCentre) show(cityCentre, CITY_ZOOM)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pin?.lat, pin?.lng, state])

  // another city: a pin out of its reach goes (the map then shows the new centre)
  useEffect(() => {
    if (!map.current || !cityCentre) return
    if (pin && distanceM(pin, cityCentre) > MAX_PIN_DISTANCE_KM * 1000) onPin(null)
    else if (!pin) show(cityCentre, CITY_ZOOM)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cityCentre?.lat, cityCentre?.lng])

  return (
    <>
      <div
        ref={canvas}
        className="map-canvas"
        role="application"
        aria-roledescription={t`map`}
        aria-label={t`The pin of the home in ${cityName}: the arrow keys move the map under it`}
        aria-describedby={describedBy}
        aria-invalid={invalid}
      />
      {state !== 'shown' && (
        <p className="map-status" role={state === 'failed' ? 'alert' : undefined}>
          {state === 'failed' ? <Trans>The map could not be loaded.</Trans> : <Trans>Loading the map…</Trans>}
        </p>
      )}
    </>
  )
}
