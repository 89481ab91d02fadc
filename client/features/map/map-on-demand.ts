import { useEffect, useState, type RefObject } from 'react'

/** The maps' module (Leaflet, supercluster and their styles): fetched the first time a page shows a map (docs/decisions/045-maps-leaflet-and-tiles.md). */
export const loadMaps = () => import('./leaflet-map.ts')

/** The zoom buttons' names, in the reader's language. */
export type ZoomLabels = { zoomIn: string; zoomOut: string }

/** True once the element has come within `margin` of the viewport (and stays true): the cue to load what it shows. */
export function useSeen(ref: RefObject<Element | null>, margin = '200px'): boolean {
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (seen || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true)
      },
      { rootMargin: margin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, seen, margin])
  return seen
}
