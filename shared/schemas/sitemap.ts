import { z } from 'zod'
import { clampedInt } from './common.ts'

/** The most URLs one sitemap file may hold (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000
/** The most listings one `GET /sitemap/listings` answer carries; the gateway pages through them. */
export const SITEMAP_LISTINGS_PAGE_MAX = 1_000

/** GET /sitemap?chunk_size=…: what the sitemap index needs (docs/decisions/022-seo.md). */
export const SitemapSummaryQuery = z.object({ chunk_size: clampedInt(1, SITEMAP_MAX_URLS, SITEMAP_MAX_URLS) })
export const SitemapSummarySchema = z.object({
  /** Content pages (content/<locale>/<slug>.md) present in every language. */
  content_pages: z.array(z.object({ slug: z.string(), lastmod: z.string() })),
  /** Cities with at least one active listing. */
  cities: z.array(z.object({ country_code: z.string(), key: z.string(), lastmod: z.string() })),
  /** Active listings by id, cut into chunks of at most chunk_size: each chunk's id range. */
  listing_chunks: z.array(
    z.object({ first_id: z.number().int(), last_id: z.number().int(), count: z.number().int(), lastmod: z.string() }),
  ),
})
export type SitemapSummary = z.infer<typeof SitemapSummarySchema>

/** GET /sitemap/listings?after=…&until=…&limit=…: one keyset page of active listings by id. */
export const SitemapListingsQuery = z.object({
  after: z.coerce.number().int().min(0).default(0),
  until: z.coerce.number().int().min(0).optional(),
  limit: clampedInt(1, SITEMAP_LISTINGS_PAGE_MAX, SITEMAP_LISTINGS_PAGE_MAX),
})
export const SitemapListingsSchema = z.object({
  listings: z.array(z.object({ id: z.number().int(), slug: z.string(), lastmod: z.string() })),
})
export type SitemapListings = z.infer<typeof SitemapListingsSchema>
