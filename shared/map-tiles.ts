// Raster map tiles: where a page's map takes them from and how it credits them
// (docs/decisions/045-maps-leaflet-and-tiles.md).

/** OpenStreetMap's standard tiles: fine for a demo and light use, not for a busy site (README, "Configuration"). */
export const DEFAULT_MAP_TILES_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'
/** The credit OpenStreetMap's licence asks for, linked to its copyright page. */
export const DEFAULT_MAP_TILES_ATTRIBUTION = '© [OpenStreetMap contributors](https://www.openstreetmap.org/copyright)'

/** The placeholders a tile URL may hold (Leaflet's): the subdomain, zoom, column, row and "@2x" on dense screens. */
const PLACEHOLDER = /\{([a-z]+)\}/g
const KNOWN = new Set(['s', 'z', 'x', 'y', 'r'])

/** Why a tile URL template cannot be used, or null when it can: http(s), {z}, {x} and {y}, no other placeholder. */
export function tileUrlProblem(template: string): string | null {
  const names = [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!)
  const unknown = names.find((name) => !KNOWN.has(name))
  if (unknown) return `has an unknown placeholder {${unknown}} (known: {s} {z} {x} {y} {r})`
  if (!['z', 'x', 'y'].every((name) => names.includes(name))) return 'must contain {z}, {x} and {y}'
  try {
    const url = new URL(template.replaceAll('{s}', 'a').replace(PLACEHOLDER, '0'))
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http(s) URL'
    if (url.username || url.password) return 'must not carry a user name or password'
  } catch {
    return 'must be a URL such as https://tile.openstreetmap.org/{z}/{x}/{y}.png'
  }
  return null
}

/** The CSP source the tiles of a valid template come from: its origin, every subdomain when the host starts with {s}. */
export function tileImageSource(template: string): string {
  const url = new URL(template.replaceAll('{s}', 'tile-subdomain').replace(PLACEHOLDER, '0'))
  return url.origin.replace('//tile-subdomain.', '//*.')
}

/** One piece of an attribution: words, or words linked to an address. */
export type AttributionPart = { text: string; href?: string }

/**
 * An attribution as plain text with `[words](https://…)` links, split into parts a page renders as
 * text and links (never as HTML: the text comes from the configuration).
 */
export function attributionParts(text: string): AttributionPart[] {
  const parts: AttributionPart[] = []
  const link = /\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g
  let last = 0
  for (const match of text.matchAll(link)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) })
    parts.push({ text: match[1]!, href: match[2]! })
    last = match.index + match[0].length
  }
  if (last < text.length) parts.push({ text: text.slice(last) })
  return parts
}
