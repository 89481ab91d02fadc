import { API_PREFIX } from '../../shared/paths.ts'

const LISTINGS_PATH = new RegExp(`^${API_PREFIX}/listings(?=[/?]|$)(?:/([^/?]+))?([^?]*)`)

/** A listing segment as the API reads it: percent-decoded, an id as a number (`0042` is 42). */
function listingName(segment: string): string {
  let name = segment
  try {
    name = decodeURIComponent(segment)
  } catch {
    // a malformed escape names no listing the API knows
  }
  return /^\d{1,9}$/.test(name) ? String(Number(name)) : name
}

/**
 * Which cached public reads (API paths with their query) the API's LISTINGS_CHANGED_HEADER makes
 * stale: every list page, and the reads of each named listing, by id or by slug
 * (docs/decisions/006-caches-and-their-lifetimes.md).
 */
export function staleListingReads(header: string): (path: string) => boolean {
  const all = header.trim() === '*'
  const names = new Set(header.split(',').map((n) => n.trim()))
  return (path) => {
    const match = LISTINGS_PATH.exec(path)
    if (!match) return false
    const [, segment, rest] = match
    if (all || segment === undefined || (segment === 'search' && rest === '')) return true
    return names.has(listingName(segment))
  }
}

const LISTING_PAGE = /^\/listing\/([^/?]+)\/?(?:\?|$)/
const LIST_PAGE = /^\/(?:listings\/?)?(?:\?|$)/

/**
 * Which cached pages (unprefixed paths with their query, as the render cache keys them) the same
 * header makes stale: home and every listings page (city pages included) on any change, and the
 * pages of each named listing in every language (docs/decisions/024-page-render-cache.md).
 */
export function staleListingPages(header: string): (page: string) => boolean {
  const all = header.trim() === '*'
  const names = new Set(header.split(',').map((n) => n.trim()))
  return (page) => {
    if (LIST_PAGE.test(page)) return true
    const match = LISTING_PAGE.exec(page)
    return match !== null && (all || names.has(listingName(match[1]!)))
  }
}
