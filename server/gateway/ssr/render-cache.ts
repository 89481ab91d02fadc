import { Writable } from 'node:stream'
import { localizePath, stripLocale, type LocaleCode } from '../../../shared/locales.ts'
import { REFERRAL_QUERY } from '../../../shared/paths.ts'
import { isTrackingParam } from '../../../shared/seo.ts'
import type { Transport } from '../../../client/lib/api/call.ts'
import type { ChangeFeed, PublicChange } from '../../lib/change-bus.ts'
import { TtlCache } from '../../lib/ttl-cache.ts'
import type { ViewerChecks } from '../api-transport.ts'
import { compressOpen, documentEnd, type Encoding, type OpenDocument } from '../encoding.ts'
import { hashSource, newNonce } from '../security.ts'
import { MARK_SAVED_LISTINGS_SOURCE } from './saved-listings.ts'
import type { RenderResult } from './renderer.ts'

/**
 * Anonymous pages rendered once per address and served from memory for a few seconds
 * (docs/decisions/024-page-render-cache.md): the document in full, with no nonce in it (its own
 * inline scripts are allowed by hash), compressed once in each encoding up to its closing (the entry
 * script and the closing tags), which each response adds (a viewer's saved listings go before it).
 */
export interface CachedPage {
  status: number
  /** CSP sources for the inline scripts the renderer wrote, and only those (and, in a viewers' copy, the saved listings' script). */
  scriptSources: string[]
  /** The document up to its closing. */
  start: OpenDocument
  /** The app's entry script and the closing tags (`<script type="module" …></script></body></html>`). */
  closing: Buffer
  /** The closing in each encoding, made once: the end of the page for a viewer it holds nothing of. */
  ends: Record<Encoding | 'identity', Buffer>
  /** What a viewers' copy is checked against for each viewer (none for an anonymous copy). */
  viewerChecks: ViewerChecks
  /** The public listings its render read: what empties it (docs/decisions/006-caches-and-their-lifetimes.md). */
  shows: ShownListings
}

/** What of the public listings a page was rendered from, as its API answers said. */
export interface ShownListings {
  /** It read a list of listings (a search): any change of any listing may change it. */
  lists: boolean
  /** A read was "not found": a listing made public may be what it asked for. */
  missing: boolean
  /** The ids and slugs of the listings it read one by one. */
  listings: string[]
}

/**
 * A render's transport that notes what its answers show of the public listings: a search's list, a
 * listing (its id and slug), a "not found". Read from the answers themselves, whatever the address.
 */
export function notingShownListings(transport: Transport): { transport: Transport; shows: () => ShownListings } {
  const shows: ShownListings = { lists: false, missing: false, listings: [] }
  return {
    transport: async (path, init) => {
      const answer = await transport(path, init)
      if (answer.status === 404) shows.missing = true
      const data = (answer.body as { data?: { listings?: unknown; id?: unknown; slug?: unknown } } | null)?.data
      if (Array.isArray(data?.listings)) shows.lists = true
      else if (typeof data?.id === 'number' && typeof data.slug === 'string')
        shows.listings.push(String(data.id), data.slug)
      return answer
    },
    shows: () => shows,
  }
}

/** Whether a change of the public listings makes a page rendered from `shows` stale. */
export function staleAfter(change: PublicChange, shows: ShownListings): boolean {
  if (shows.lists || shows.missing) return true
  if (!('listing' in change)) return shows.listings.length > 0
  return shows.listings.includes(String(change.listing.id)) || shows.listings.includes(change.listing.slug)
}

/** What one render for the cache came to: a page (kept when `keep`), or a redirect (never kept). */
export type SharedRender =
  | { kind: 'page'; page: CachedPage; keep: boolean }
  | { kind: 'redirect'; status: number; location: string }

/** Statuses a cached page may have: a page, or a page that is not there (never an error, never a redirect). */
const CACHED_STATUSES = new Set([200, 404])

/**
 * The query of an address as the cache keys it: every parameter the page may read, sorted by name
 * (values of one name keep their order); tracking parameters and the referral code, which only
 * the browser reads from its own address, are left out.
 */
export function normalizedSearch(params: URLSearchParams): string {
  const kept = [...params].filter(([name]) => !isTrackingParam(name) && name !== REFERRAL_QUERY)
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return kept.length > 0 ? `?${new URLSearchParams(kept).toString()}` : ''
}

/** A page's cache key: its language, its unprefixed path, its normalized query. */
export function pageKey(locale: LocaleCode, url: URL): string {
  const path = stripLocale(url.pathname, locale)
  return url.search === '' ? `${locale}:${path}` : `${locale}:${path}${normalizedSearch(url.searchParams)}`
}

/**
 * The key of a page's signed-in copy, kept apart from the anonymous one: the same document for every
 * viewer but for their favourite marks (SHARED_WITH_VIEWERS in client/routes.tsx).
 */
export const viewersKey = (key: string): string => `viewers|${key}`

/** The language of a key's page. */
export const keyLocale = (key: string): LocaleCode => key.slice(0, key.indexOf(':')) as LocaleCode

/** The address a key's page is rendered from: the same document for every viewer it is served to. */
export function keyAddress(key: string): string {
  const at = key.indexOf(':')
  const page = key.slice(at + 1)
  const query = page.indexOf('?')
  const path = query === -1 ? page : page.slice(0, query)
  return `${localizePath(path, keyLocale(key))}${query === -1 ? '' : page.slice(query)}`
}

/** The whole document of a page render (the renderer waited for all of it), cut off after `timeoutMs`. */
export function collectDocument(result: Extract<RenderResult, { kind: 'page' }>, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const timer = setTimeout(() => result.abort(new Error('render timeout')), timeoutMs)
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
        done()
      },
      final(done) {
        clearTimeout(timer)
        resolve(Buffer.concat(chunks))
        done()
      },
    })
    sink.on('error', (err) => {
      clearTimeout(timer)
      reject(err)
    })
    result.pipe(sink)
  })
}

/**
 * A document rendered with `marker` as its nonce, made fit for everyone: the marker is taken out
 * and each inline script that carried it is allowed by its hash instead. Scripts without the
 * marker (none the renderer wrote) get no hash, so they stay blocked as a nonce would have kept
 * them. Null when the marker shows anywhere else (the document is not cached then).
 */
export function sealDocument(html: string, marker: string): { html: string; scriptSources: string[] } | null {
  const attribute = ` nonce="${marker}"`
  const scriptSources: string[] = []
  let out = ''
  let from = 0
  for (let at = html.indexOf(attribute); at !== -1; at = html.indexOf(attribute, from)) {
    const tagStart = html.lastIndexOf('<', at)
    const tagEnd = html.indexOf('>', at)
    if (tagEnd === -1) return null
    const tag = html.slice(tagStart, tagEnd)
    if (tag.startsWith('<script') && !/\ssrc=/.test(tag)) {
      const end = html.indexOf('</script>', tagEnd)
      if (end === -1) return null
      scriptSources.push(hashSource(html.slice(tagEnd + 1, end)))
    }
    out += html.slice(from, at)
    from = at + attribute.length
  }
  out += html.slice(from)
  if (out.includes(marker)) return null
  return { html: out, scriptSources: [...new Set(scriptSources)] }
}

const NO_CHECKS: ViewerChecks = { listingIds: [], reads: [] }

/** A sealed document as the cache keeps it: its bytes, and each compressed variant made now, once. */
export async function cachedPage(
  status: number,
  sealed: { html: string; scriptSources: string[] },
  shows: ShownListings,
  viewerChecks: ViewerChecks = NO_CHECKS,
): Promise<CachedPage> {
  const body = Buffer.from(sealed.html)
  // what a response may add goes before the app's entry script, which then runs after it (docs/decisions/039-bootstrap.md)
  const entry = body.lastIndexOf('<script type="module"')
  const at = entry === -1 ? body.lastIndexOf('</body>') : entry
  const split = at === -1 ? body.length : at
  const start = await compressOpen(body.subarray(0, split))
  const closing = body.subarray(split)
  return {
    status,
    scriptSources: sealed.scriptSources,
    start,
    closing,
    ends: { identity: closing, br: documentEnd(start, 'br', closing), gzip: documentEnd(start, 'gzip', closing) },
    viewerChecks,
    shows,
  }
}

/**
 * One render of a page for the cache: with a marker nonce nobody is sent, waited for in full (so
 * crawlers and browsers get the same document), sealed, compressed. Kept only when it is a 200 or
 * a 404 that rendered without errors. `render` must not depend on the viewer; `shows` says, once it
 * is done, what listings it read. A viewers' copy names what its reads were (`viewerChecks`), and
 * allows the saved listings' script.
 */
export async function renderShared(
  render: (marker: string, onError: (error: unknown) => void) => Promise<RenderResult>,
  timeoutMs: number,
  shows: () => ShownListings,
  viewerChecks?: () => ViewerChecks,
): Promise<SharedRender> {
  const marker = newNonce()
  let failed = false
  const result = await render(marker, () => (failed = true))
  if (result.kind === 'redirect') return result
  const document = await collectDocument(result, timeoutMs)
  const sealed = sealDocument(document.toString('utf8'), marker)
  if (!sealed) throw new Error('The render nonce showed outside the tags that carry it')
  const page = viewerChecks
    ? await cachedPage(
        result.status,
        { html: sealed.html, scriptSources: [...sealed.scriptSources, MARK_SAVED_LISTINGS_SOURCE] },
        shows(),
        viewerChecks(),
      )
    : await cachedPage(result.status, sealed, shows())
  return { kind: 'page', page, keep: !failed && CACHED_STATUSES.has(result.status) }
}

/**
 * A cached page's bytes in an encoding (none: the document as it is), as its start and its end; `before`
 * goes before its closing, the entry script and closing tags (a viewer's saved listings), the end then made for this response.
 */
export function variant(page: CachedPage, encoding: Encoding | null, before?: Buffer): [Buffer, Buffer] {
  const start = encoding ? page.start[encoding] : page.start.identity
  if (!before) return [start, page.ends[encoding ?? 'identity']]
  return [start, documentEnd(page.start, encoding, Buffer.concat([before, page.closing]))]
}

/** What a kept page weighs in memory: its start in each encoding and its ends. */
export const pageBytes = ({ start, ends }: CachedPage): number =>
  start.identity.length + start.br.length + start.gzip.length + ends.identity.length + ends.br.length + ends.gzip.length

export interface RenderCacheOptions {
  /** How long a page is served from memory; 0 disables the cache. */
  ttlMs: number
  /** What all kept pages may weigh together, their compressed variants included. */
  maxBytes: number
  /** Writes that change public listings, in every process: the pages that show them go at once. */
  changes?: ChangeFeed
}

/**
 * The cache of shared pages by key (anonymous, and signed-in copies under `viewersKey`): single flight
 * per key, bounded in bytes, emptied by the writes that change what they show, in any process.
 */
export function createRenderCache(options: RenderCacheOptions) {
  const pages = new TtlCache<SharedRender>({
    ttlMs: options.ttlMs,
    maxBytes: options.maxBytes,
    weigh: (rendered) => (rendered.kind === 'page' ? pageBytes(rendered.page) : 0),
  })
  // a render in flight when a change lands is answered, not kept (what it shows is not known yet)
  options.changes?.subscribe((change) =>
    pages.deleteWhere(
      (_key, kept) => kept === undefined || (kept.kind === 'page' && staleAfter(change, kept.page.shows)),
    ),
  )
  return {
    enabled: options.ttlMs > 0,

    /** The page kept under `key`, if it is still fresh. */
    get(key: string): CachedPage | undefined {
      const hit = pages.get(key)
      return hit?.kind === 'page' ? hit.page : undefined
    },

    /** Renders the page of `key` once for every request waiting on it, and keeps it when it may be kept. */
    fill(key: string, render: () => Promise<SharedRender>): Promise<SharedRender> {
      return pages.wrap(key, render, (rendered) => rendered.kind === 'page' && rendered.keep)
    },

    /** For /metrics: how many pages are kept and what they weigh. */
    stats: () => pages.stats(),
  }
}
export type RenderCache = ReturnType<typeof createRenderCache>
