/** The maps' module (Leaflet, supercluster and their styles): fetched the first time a page shows a map (docs/decisions/045-maps-leaflet-and-tiles.md). */
export const loadMaps = () => import('./leaflet-map.ts')

/** The zoom buttons' names, in the reader's language. */
export type ZoomLabels = { zoomIn: string; zoomOut: string }
