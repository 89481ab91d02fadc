import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { listingPath } from '../../../shared/seo.ts'
import { localeInfo } from '../../../shared/locales.ts'
import { formatNumber, formatRent } from '../../../shared/money.ts'
import { formatCompactRent } from './compact-rent.ts'
import { useShell } from '../../lib/context.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { formatBbox, type Bbox, type LatLng } from '../../../shared/geo.ts'
import { MapAttribution } from './map-attribution.tsx'
import { mountMap, type Maps } from './mount-map.ts'
import { publicBrowserApi } from '../../lib/api/browser.ts'
import { listingsApi, type MapPoints } from '../../lib/api/listings.ts'
import type { SearchMap } from './leaflet-map.ts'

/** Where a search without a city starts: the region the site's listings are in. */
const REGION: { centre: LatLng; zoom: number } = { centre: { lat: 42, lng: 25 }, zoom: 3 }

type MapState = 'loading' | 'shown' | 'failed'

/** What the results' map is given by the page (results-map.tsx). */
export interface ResultsMapProps {
  /** The search's filters, as GET /listings takes them (no page). */
  query: Record<string, string | number>
  /** The area the search is limited to, if any. */
  box: Bbox | null
  /** Where to look when there is nothing to frame (the city's centre), if known. */
  start?: LatLng
  /** The reader asked for the map (`view=map`): shown on a phone too. */
  shown: boolean
  highlighted: number | null
  onHighlight(id: number | null): void
}

/**
 * The search's results on a map, once the page wants it (results-map.tsx; docs/decisions/045-maps-leaflet-and-tiles.md): their points as price
 * markers, clustered where they crowd; moving the map offers "Search this area", which puts the box in
 * the URL. Beside the list on wide screens, a view of its own on phones (`view=map`). The list stays the
 * accessible form of the same results.
 */
export default function LiveResultsMap({
  query,
  box,
  start,
  shown,
  highlighted,
  onHighlight,
  wide,
}: ResultsMapProps & { wide: boolean }) {
  const { t } = useLingui()
  const locale = useLocale()
  const to = useLocalePath()
  const tiles = useShell().publicConfig.mapTiles
  const navigate = useNavigate()
  const location = useLocation()
  const canvas = useRef<HTMLDivElement>(null)
  const map = useRef<SearchMap | null>(null)
  const [state, setState] = useState<MapState>('loading')
  const [points, setPoints] = useState<MapPoints | null>(null)
  const [pointsFailed, setPointsFailed] = useState(false)
  const [moved, setMoved] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const queryKey = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()
  /** The box this map last searched: its own results are not framed again. */
  const searched = useRef<string | null>(null)
  const byId = useRef(new Map<number, MapPoints['points'][number]>())
  // what the map calls back, always with this render's words and handlers
  const choose = useEffectEvent((id: number) => {
    const card = document.querySelector<HTMLElement>(`[data-listing-id="${id}"] a`)
    if (card) {
      card.scrollIntoView({ block: 'center', behavior: 'smooth' })
      card.focus({ preventScroll: true })
    } else void navigate(to(listingPath(String(id))))
  })
  const hover = useEffectEvent((id: number | null) => onHighlight(id))
  const makeMap = useEffectEvent((maps: Maps, element: HTMLElement) =>
    maps.searchMap(element, {
      tilesUrl: tiles!.url,
      rtl: localeInfo(locale).dir === 'rtl',
      labels: { zoomIn: t`Zoom in`, zoomOut: t`Zoom out` },
      start: start ? { centre: start, zoom: 12 } : REGION,
      priceLabel: (id) => {
        const point = byId.current.get(id)
        if (!point || !point.price) return { text: t`Negotiable`, name: t`Negotiable rent` }
        const full = formatRent(point.price, point.currency, locale)
        return { text: formatCompactRent(point.price, point.currency, locale), name: t`${full} a month` }
      },
      clusterLabel: (count) => {
        const n = formatNumber(count, locale)
        return { text: n, name: t`${n} listings here: zoom in` }
      },
      onMoved: () => setMoved(true),
      onHover: hover,
      onChoose: choose,
    }),
  )
  const readPoints = useEffectEvent((signal: AbortSignal) => listingsApi(publicBrowserApi()).points(query, signal))
  const showPoints = useEffectEvent((answer: MapPoints) => {
    if (!map.current) return
    map.current.setPoints(answer.points)
    // the reader's own "Search this area" keeps their view; any other search is framed
    const own = box !== null && searched.current === formatBbox(box)
    if (!own) map.current.frame(box)
    setMoved(false)
  })

  // the map itself, made once it is wanted
  useEffect(() => {
    if (!tiles || !canvas.current) return
    const element = canvas.current
    const unmount = mountMap((maps) => makeMap(maps, element), setState, { into: map })
    return () => {
      unmount()
      setState('loading')
    }
  }, [tiles, locale, attempt])

  // the results' points, read again when the search changes
  useEffect(() => {
    if (state !== 'shown') return
    const controller = new AbortController()
    readPoints(controller.signal)
      .then((answer) => {
        byId.current = new Map(answer.points.map((p) => [p.id, p]))
        setPointsFailed(false)
        setPoints(answer)
        showPoints(answer)
      })
      .catch(() => {
        if (!controller.signal.aborted) setPointsFailed(true)
      })
    return () => controller.abort()
  }, [state, queryKey, attempt])

  useEffect(() => {
    map.current?.highlight(highlighted)
  }, [highlighted, points])
  // a phone's map view was hidden until now: Leaflet measures its element again
  useEffect(() => {
    map.current?.resize()
  }, [shown, wide, state])

  if (!tiles) return null
  const searchArea = () => {
    if (!map.current) return
    const area = formatBbox(map.current.box())
    searched.current = area
    const params = new URLSearchParams(location.search)
    params.set('bbox', area)
    params.delete('page')
    void navigate(`${location.pathname}?${params.toString()}`, { preventScrollReset: true })
  }
  const total = points ? formatNumber(points.total, locale) : ''
  const count = points ? formatNumber(points.points.length, locale) : ''
  return (
    <div className="results-map" data-state={state}>
      <div className="map-frame">
        <div ref={canvas} className="map-canvas" role="region" aria-label={t`Map of the results`} />
        {moved && state === 'shown' && (
          <button type="button" className="button map-search-area" onClick={searchArea}>
            <Trans>Search this area</Trans>
          </button>
        )}
        {(state === 'loading' || state === 'failed' || pointsFailed || (points && points.points.length === 0)) && (
          <div className="map-status" role={state === 'failed' || pointsFailed ? 'alert' : 'status'}>
            {state === 'loading' ? (
              <Trans>Loading the map…</Trans>
            ) : state === 'failed' || pointsFailed ? (
              <span>
                <Trans>The map could not be loaded.</Trans>{' '}
                <button type="button" className="button button-ghost" onClick={() => setAttempt((n) => n + 1)}>
                  <Trans>Try again</Trans>
                </button>
              </span>
            ) : (
              <Trans>None of these listings is marked on the map in this area.</Trans>
            )}
          </div>
        )}
        {points?.truncated && (
          <p className="map-note" role="status">
            <Trans>
              The map shows {count} of {total} listings: zoom in and search this area to see the rest.
            </Trans>
          </p>
        )}
        <MapAttribution attribution={tiles.attribution} />
      </div>
    </div>
  )
}
