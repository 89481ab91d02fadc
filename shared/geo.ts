// Points and boxes on the globe, in degrees (WGS 84): no zod here, pages import these (docs/decisions/012-wire-contract.md).

/** A point: latitude −90..90, longitude −180..180. */
export interface LatLng {
  lat: number
  lng: number
}

/** A box as `bbox=minLng,minLat,maxLng,maxLat` writes it (west, south, east, north). */
export type Bbox = readonly [minLng: number, minLat: number, maxLng: number, maxLat: number]

const EARTH_RADIUS_M = 6_371_008.8
const rad = (deg: number) => (deg * Math.PI) / 180

/** The great-circle distance in metres between two points (haversine). */
export function distanceM(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat)
  const dLng = rad(b.lng - a.lng)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)))
}

/**
 * Why `text` is not a `bbox` (null: it is one): four finite numbers, west < east and south < north,
 * latitudes within −90..90 and longitudes within −180..180 (a box across the antimeridian is refused).
 */
export function bboxProblem(text: string): string | null {
  const parts = text.split(',')
  if (parts.length !== 4 || parts.some((p) => !/^\s*-?\d+(\.\d+)?\s*$/.test(p)))
    return 'must be four numbers: minLng,minLat,maxLng,maxLat'
  const [minLng, minLat, maxLng, maxLat] = parts.map(Number) as [number, number, number, number]
  if ([minLat, maxLat].some((v) => v < -90 || v > 90)) return 'latitudes must be within -90..90'
  if ([minLng, maxLng].some((v) => v < -180 || v > 180)) return 'longitudes must be within -180..180'
  if (!(minLng < maxLng)) return 'minLng must be below maxLng (a box across the antimeridian is not supported)'
  if (!(minLat < maxLat)) return 'minLat must be below maxLat'
  return null
}

/** A valid `bbox` text as numbers (check it with bboxProblem first). */
export const parseBbox = (text: string): Bbox => text.split(',').map(Number) as unknown as Bbox

/** The box as the page's URL writes it: five decimals (about a metre), west, south, east, north. */
export const formatBbox = (box: Bbox): string => box.map((v) => Number(v.toFixed(5))).join(',')

/** Whether the point lies in the box (edges included). */
export const inBbox = (box: Bbox, p: LatLng): boolean =>
  p.lng >= box[0] && p.lat >= box[1] && p.lng <= box[2] && p.lat <= box[3]
