import type { SitemapListings, SitemapSummary } from '../../../shared/schemas/sitemap.ts'
import { contentPagesInEveryLanguage } from '../content/content.service.ts'
import type { Queryable } from '../db/client.ts'
import { sitemapRepo } from './sitemap.repo.ts'

/** What the gateway's sitemaps are made of (docs/decisions/022-seo.md); it writes the XML and the addresses. */
export function sitemapService(db: Queryable, contentDir?: string) {
  const repo = sitemapRepo(db)
  return {
    async summary(chunkSize: number): Promise<SitemapSummary> {
      const [pages, cities, chunks] = await Promise.all([
        contentPagesInEveryLanguage(contentDir),
        repo.cities(),
        repo.listingChunks(chunkSize),
      ])
      return {
        content_pages: pages.map((p) => ({ slug: p.slug, lastmod: p.lastmod.toISOString() })),
        cities: cities.map((c) => ({ country_code: c.country_code.trim(), key: c.key, lastmod: iso(c.lastmod) })),
        listing_chunks: chunks.map((c) => ({
          first_id: Number(c.first_id),
          last_id: Number(c.last_id),
          count: c.count,
          lastmod: iso(c.lastmod),
        })),
      }
    },
    async listings(after: number, until: number | undefined, limit: number): Promise<SitemapListings> {
      const rows = await repo.listingsAfter(after, until ?? null, limit)
      return { listings: rows.map((r) => ({ id: r.id, slug: r.slug, lastmod: iso(r.lastmod) })) }
    },
  }
}
export type SitemapService = ReturnType<typeof sitemapService>

const iso = (value: Date | string) => new Date(value).toISOString()
