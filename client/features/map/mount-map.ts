import type { RefObject } from 'react'
import { loadMaps } from './map-on-demand.ts'

// the live maps' own module: the pages' frames, which load map-on-demand.ts up front, never carry it
export type Maps = Awaited<ReturnType<typeof loadMaps>>

/**
 * A map made in an effect, the one way every map of the app starts: the maps' module (and `ahead`, what
 * the map needs to open, such as its centre) is awaited, `make` builds the map unless the effect was
 * cleaned up meanwhile (null when there is nothing to show), `into` holds it while it lives, and
 * `settled` hears how it went. The returned cleanup stops a load still under way and destroys the map.
 */
export function mountMap<M extends { destroy(): void }, T = undefined>(
  make: (maps: Maps, ahead: T) => M | null,
  settled: (state: 'shown' | 'failed') => void,
  { into, ahead }: { into?: RefObject<M | null>; ahead?: Promise<T> } = {},
): () => void {
  let cancelled = false
  let made: M | null = null
  Promise.all([loadMaps(), ahead])
    .then(([maps, value]) => {
      if (cancelled) return
      made = make(maps, value as T)
      if (into) into.current = made
      settled(made ? 'shown' : 'failed')
    })
    .catch(() => {
      if (!cancelled) settled('failed')
    })
  return () => {
    cancelled = true
    made?.destroy()
    if (into) into.current = null
  }
}
