import { Readable } from 'node:stream'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { LOCALE_CODES, isLocaleCode, localizePath, type LocaleCode } from '../../shared/locales.ts'
import { API_PREFIX } from '../../shared/paths.ts'
import {
  SITEMAP_LISTINGS_PAGE_MAX,
  SITEMAP_MAX_URLS,
  type SitemapListings,
  type SitemapSummary,
} from '../../shared/schemas/sitemap.ts'
import { alternates, cityPath, listingPath, STATIC_PAGES } from '../../shared/seo.ts'
import { AppError } from '../lib/errors.ts'
import { UpstreamError, type Upstream } from './upstream.ts'

export interface SitemapOptions {
  upstream: Upstream
  publicBaseUrl: string
  /** URLs per sitemap file (at most 50,000; tests use a few). */
  chunkSize?: number
  /** Listings per read from the API while a sitemap streams. */
  pageSize?: number
}

const XML_HEADERS = {
  'content-type': 'application/xml; charset=utf-8',
  // crawlers read these a few times a day; an hour keeps the database out of it
  'cache-control': 'public, max-age=3600',
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)

/** `/sitemap.xml`, `/sitemaps/{locale}-{pages|listings}-{n}.xml` and `/robots.txt` (docs/decisions/022-seo.md). */
export const sitemapRoutes: FastifyPluginAsync<SitemapOptions> = async (app, options) => {
  const base = options.publicBaseUrl.replace(/\/+$/, '')
  const chunkSize = Math.min(SITEMAP_MAX_URLS, Math.max(1, options.chunkSize ?? SITEMAP_MAX_URLS))
  const pageSize = Math.min(SITEMAP_LISTINGS_PAGE_MAX, Math.max(1, options.pageSize ?? SITEMAP_LISTINGS_PAGE_MAX))

  async function api<T>(path: string, signal?: AbortSignal): Promise<T> {
    const answer = await options.upstream
      .json({ method: 'GET', path: `${API_PREFIX}${path}`, signal })
      .catch((err: unknown) => {
        // the API down or slow: 502 / 504, as the proxy answers
        if (err instanceof UpstreamError) throw new AppError(err.code, err.message)
        throw err
      })
    if (answer.status !== 200) throw new AppError('UPSTREAM_UNAVAILABLE', 'The sitemap could not be read')
    return (answer.body as { data: T }).data
  }
  const summary = () => api<SitemapSummary>(`/sitemap?chunk_size=${chunkSize}`)

  /** The unprefixed pages of the pages sitemaps: static pages, content pages, city pages. */
  function pageEntries(facts: SitemapSummary): Array<{ path: string; lastmod?: string }> {
    return [
      ...STATIC_PAGES.map((path) => ({ path })),
      ...facts.content_pages.map((p) => ({ path: `/${p.slug}`, lastmod: p.lastmod })),
      ...facts.cities.map((c) => ({ path: cityPath(c.country_code, c.key), lastmod: c.lastmod })),
    ]
  }

  function urlEntry(locale: LocaleCode, path: string, lastmod?: string): string {
    const [pathname = '/', query = ''] = path.split(/(?=\?)/)
    const links = alternates(base, path)
      .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`)
      .join('')
    const mod = lastmod ? `<lastmod>${lastmod}</lastmod>` : ''
    return `<url><loc>${escapeXml(`${base}${localizePath(pathname, locale)}${query}`)}</loc>${mod}${links}</url>\n`
  }

  const send = (reply: FastifyReply, body: string | Readable) => reply.headers(XML_HEADERS).send(body)

  app.get('/sitemap.xml', async (_request, reply) => {
    const facts = await summary()
    const pageChunks = Math.ceil(pageEntries(facts).length / chunkSize)
    const newest = [...facts.content_pages, ...facts.cities, ...facts.listing_chunks]
      .map((f) => f.lastmod)
      .sort()
      .at(-1)
    const newestListings = (n: number) => facts.listing_chunks[n]!.lastmod
    const entries: string[] = []
    for (const locale of LOCALE_CODES) {
      for (let n = 1; n <= pageChunks; n++) entries.push(sitemapEntry(`${locale}-pages-${n}`, newest))
      facts.listing_chunks.forEach((_, i) =>
        entries.push(sitemapEntry(`${locale}-listings-${i + 1}`, newestListings(i))),
      )
    }
    return send(
      reply,
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</sitemapindex>\n`,
    )
  })

  function sitemapEntry(name: string, lastmod: string | undefined): string {
    return `<sitemap><loc>${base}/sitemaps/${name}.xml</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>\n`
  }

  const OPEN = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`
  const CLOSE = '</urlset>\n'

  app.get<{ Params: { name: string } }>('/sitemaps/:name', async (request, reply) => {
    const match = /^([a-z]{2})-(pages|listings)-([1-9]\d{0,5})\.xml$/.exec(request.params.name)
    const locale = match?.[1]
    if (!match || !isLocaleCode(locale)) throw new AppError('NOT_FOUND', 'No such sitemap')
    const code: LocaleCode = locale
    const n = Number(match[3])
    const facts = await summary()

    if (match[2] === 'pages') {
      const chunk = pageEntries(facts).slice((n - 1) * chunkSize, n * chunkSize)
      if (chunk.length === 0) throw new AppError('NOT_FOUND', 'No such sitemap')
      return send(reply, OPEN + chunk.map((e) => urlEntry(code, e.path, e.lastmod)).join('') + CLOSE)
    }

    const range = facts.listing_chunks[n - 1]
    if (!range) throw new AppError('NOT_FOUND', 'No such sitemap')
    // Streamed: one keyset page of listings at a time from the API, written as it arrives; a
    // chunk of 50,000 is never held whole.
    const abort = new AbortController()
    request.raw.on('close', () => abort.abort())
    async function* body() {
      yield OPEN
      let after = range!.first_id - 1
      for (;;) {
        const page = await api<SitemapListings>(
          `/sitemap/listings?after=${after}&until=${range!.last_id}&limit=${pageSize}`,
          abort.signal,
        )
        if (page.listings.length > 0)
          yield page.listings.map((l) => urlEntry(code, listingPath(l.slug), l.lastmod)).join('')
        if (page.listings.length < pageSize) break
        after = page.listings.at(-1)!.id
      }
      yield CLOSE
    }
    const stream = Readable.from(body(), { objectMode: false })
    stream.on('error', (err) => request.log.error({ err }, 'sitemap.stream_failed'))
    return send(reply, stream)
  })

  app.get('/robots.txt', async (_request, reply) => {
    const lines = ['User-agent: *', 'Allow: /']
    for (const locale of LOCALE_CODES)
      for (const path of ['/dashboard', '/auth', '/api']) lines.push(`Disallow: ${localizePath(path, locale)}`)
    lines.push('', `Sitemap: ${base}/sitemap.xml`, '')
    return reply
      .headers({ 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=86400' })
      .send(lines.join('\n'))
  })
}
