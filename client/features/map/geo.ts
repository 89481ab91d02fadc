import { bboxProblem, parseBbox, type Bbox } from '../../../shared/geo.ts'

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))
/** Five decimals: about a metre, the precision the URL carries. */
const round5 = (value: number) => Math.round(value * 1e5) / 1e5

/** The box of a map's view as a search takes it: within the world's bounds (never across the antimeridian), 5 decimals. */
export function searchBox(west: number, south: number, east: number, north: number): Bbox {
  return [
    round5(clamp(west, -180, 180)),
    round5(clamp(south, -90, 90)),
    round5(clamp(east, -180, 180)),
    round5(clamp(north, -90, 90)),
  ]
}

/** The box a URL's `bbox` names, or null when it names none a search would take. */
export const boxOf = (text: string | null | undefined): Bbox | null =>
  text && !bboxProblem(text) ? parseBbox(text) : null
