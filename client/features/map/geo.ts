// Boxes and points on the map, as the listings URL writes them (docs/decisions/045-maps-leaflet-and-tiles.md).

/** A point on the map. */
export interface LatLng {
  lat: number
  lng: number
}

/** The area a search is limited to: west, south, east, north, in degrees. */
export type Box = readonly [minLng: number, minLat: number, maxLng: number, maxLat: number]

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))
/** Five decimals: about a metre, the precision the URL carries. */
const round5 = (value: number) => Math.round(value * 1e5) / 1e5

/** The box of a map's view as a search can take it: within the world's bounds (never across the antimeridian), 5 decimals. */
export function searchBox(west: number, south: number, east: number, north: number): Box {
  return [
    round5(clamp(west, -180, 180)),
    round5(clamp(south, -90, 90)),
    round5(clamp(east, -180, 180)),
    round5(clamp(north, -90, 90)),
  ]
}

/** `minLng,minLat,maxLng,maxLat` with at most 5 decimals, as `bbox` in the URL. */
export const formatBox = (box: Box): string => box.map((n) => String(round5(n))).join(',')

/** The box a URL's `bbox` names, or null when it names none a search would take. */
export function parseBox(text: string | null | undefined): Box | null {
  if (!text) return null
  const parts = text.split(',').map((part) => (part.trim() === '' ? Number.NaN : Number(part)))
  if (parts.length !== 4 || !parts.every(Number.isFinite)) return null
  const [west, south, east, north] = parts as [number, number, number, number]
  if (west >= east || south >= north) return null
  if (west < -180 || east > 180 || south < -90 || north > 90) return null
  return [west, south, east, north]
}
