import { browserTransport } from '../../lib/api/browser.ts'
import { query as queryString } from '../../lib/api/call.ts'

/** GET /listings/points: the search's public points (at most MAP_POINTS_LIMIT), in the search's order. */
export interface MapPoints {
  points: Array<{ id: number; lat: number; lng: number; price: number | null; currency: string }>
  total: number
  truncated: boolean
}

/** The points of the listings a search finds. */
export async function fetchPoints(query: Record<string, string | number>, signal: AbortSignal): Promise<MapPoints> {
  const answer = await browserTransport(`/listings/points${queryString(query)}`, { signal })
  const body = answer.body as { success?: boolean; data?: MapPoints } | null
  if (answer.status !== 200 || !body?.success || !body.data) throw new Error(`points: ${answer.status}`)
  return body.data
}
