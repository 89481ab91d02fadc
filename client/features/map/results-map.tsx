import { Trans, useLingui } from '@lingui/react/macro'
import { Suspense, useEffect, useState } from 'react'
import { useShell } from '../../lib/context.ts'
import { onUsePart } from '../../lib/kept-part.tsx'
import { MapAttribution } from './map-attribution.tsx'
import type { ResultsMapProps } from './results-map-live.tsx'

// the map's own code (and, through it, Leaflet) and its messages come when the map is wanted
const LiveResultsMap = onUsePart(() => import('./results-map-live.tsx'))

/** Side by side with the list from this width (app.css); below it, the map is a view of its own (`view=map`). */
const SIDE_BY_SIDE = '(min-width: 1100px)'

/** True once the reader has done anything on the page (moved the pointer, touched, scrolled, typed). */
function useReaderActive(): boolean {
  const [active, setActive] = useState(false)
  useEffect(() => {
    if (active) return
    const events = ['pointermove', 'pointerdown', 'keydown', 'wheel', 'scroll', 'touchstart'] as const
    const on = () => setActive(true)
    for (const name of events) window.addEventListener(name, on, { passive: true, once: true })
    return () => {
      for (const name of events) window.removeEventListener(name, on)
    }
  }, [active])
  return active
}

/** Whether the page is wide enough for the map beside the list (false in the server's render). */
function useSideBySide(): boolean {
  const [wide, setWide] = useState(false)
  useEffect(() => {
    const query = window.matchMedia(SIDE_BY_SIDE)
    const update = () => setWide(query.matches)
    update()
    query.addEventListener('change', update)
    return () => query.removeEventListener('change', update)
  }, [])
  return wide
}

/**
 * The results' map (docs/decisions/045-maps-leaflet-and-tiles.md): its frame and credit in the page;
 * the map itself on a phone's map view, with an area in the address, or beside the list once the
 * reader uses the page — a first visit that only looks downloads none of it.
 */
export function ResultsMap(props: ResultsMapProps) {
  const { t } = useLingui()
  const tiles = useShell().publicConfig.mapTiles
  const wide = useSideBySide()
  const active = useReaderActive()
  if (!tiles) return null
  const wanted = props.shown || (wide && (props.box !== null || active))
  const frame = (
    <div className="results-map">
      <div className="map-frame">
        <div className="map-canvas" role="region" aria-label={t`Map of the results`} />
        {wanted && (
          <p className="map-status" role="status">
            <Trans>Loading the map…</Trans>
          </p>
        )}
        <MapAttribution attribution={tiles.attribution} />
      </div>
      <noscript>
        <p className="map-status">
          <Trans>The map needs JavaScript; the list shows the same listings.</Trans>
        </p>
      </noscript>
    </div>
  )
  if (!wanted) return frame
  return (
    <Suspense fallback={frame}>
      <LiveResultsMap {...props} wide={wide} />
    </Suspense>
  )
}
