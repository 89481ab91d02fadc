import { createHmac } from 'node:crypto'
import { LOCATION_RADIUS_M } from '../../shared/constants.ts'
import type { LatLng } from '../../shared/geo.ts'

/**
 * The pin is kept to 6 decimals (about 0.1 m) and the public point to 5 (about 1 m): the wire never
 * carries more than the database holds.
 */
export const EXACT_DECIMALS = 6
export const PUBLIC_DECIMALS = 5

/** The grid the pin is snapped to before it is moved: 0.001° (at most 56 m from the cell's centre on each axis). */
const CELL_DEGREES = 0.001
/** The public point lies this far from its cell's centre, in a direction and at a distance the key decides. */
const MIN_SHIFT_M = 100
const MAX_SHIFT_M = 210
const EARTH_RADIUS_M = 6_371_008.8

const round = (value: number, decimals: number) => Number(value.toFixed(decimals))

/** The pin as it is stored. */
export const exactPoint = (pin: LatLng): LatLng => ({
  lat: round(pin.lat, EXACT_DECIMALS),
  lng: round(pin.lng, EXACT_DECIMALS),
})

/**
 * The point everyone else sees (docs/decisions/046-listing-location-privacy-and-area-search.md): the pin
 * snapped to its 0.001° cell, then moved 100–210 m in a direction, both drawn from an HMAC-SHA256 of the
 * cell under the deployment's key. The same cell always gives the same point, so reading a listing
 * again, or several listings at one address, never adds up to more than the cell; a pin moved within
 * its cell moves nothing. The shift (≤ 210 m) plus the cell's half-diagonal (≤ 79 m) and the rounding
 * keep it within LOCATION_RADIUS_M (300 m) of the pin, and at least ~20 m away from it.
 */
export function publicPoint(key: string, pin: LatLng): LatLng {
  const cellLat = Math.round(pin.lat / CELL_DEGREES) * CELL_DEGREES
  const cellLng = Math.round(pin.lng / CELL_DEGREES) * CELL_DEGREES
  const digest = createHmac('sha256', key)
    .update(`${cellLat.toFixed(3)},${cellLng.toFixed(3)}`)
    .digest()
  const distance = MIN_SHIFT_M + (digest.readUInt32BE(0) / 2 ** 32) * (MAX_SHIFT_M - MIN_SHIFT_M)
  const bearing = (digest.readUInt32BE(4) / 2 ** 32) * 2 * Math.PI
  const latRad = (cellLat * Math.PI) / 180
  const lat = cellLat + ((distance * Math.cos(bearing)) / EARTH_RADIUS_M) * (180 / Math.PI)
  const lng =
    cellLng + ((distance * Math.sin(bearing)) / (EARTH_RADIUS_M * Math.max(Math.cos(latRad), 0.01))) * (180 / Math.PI)
  return {
    lat: round(Math.max(-90, Math.min(90, lat)), PUBLIC_DECIMALS),
    lng: round(((((lng + 180) % 360) + 360) % 360) - 180, PUBLIC_DECIMALS),
  }
}

/** A listing's location as the wire carries it: the public point and its circle; null without a pin. */
export function wireLocation(lat: number | null, lng: number | null) {
  return lat === null || lng === null ? null : { lat, lng, radius_m: LOCATION_RADIUS_M }
}
