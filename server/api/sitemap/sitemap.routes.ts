import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope } from '../../../shared/schemas/common.ts'
import {
  SitemapListingsQuery,
  SitemapListingsSchema,
  SitemapSummaryQuery,
  SitemapSummarySchema,
} from '../../../shared/schemas/sitemap.ts'
import { okEnvelope } from '../../lib/errors.ts'
import type { SitemapService } from './sitemap.service.ts'

/** GET /sitemap and GET /sitemap/listings: public facts the gateway's /sitemap.xml is written from. */
export const sitemapRoutes: FastifyPluginAsyncZod<{ sitemap: SitemapService }> = async (app, { sitemap }) => {
  app.get(
    '/sitemap',
    { schema: { querystring: SitemapSummaryQuery, response: { 200: envelope(SitemapSummarySchema) } } },
    async (request) => okEnvelope(await sitemap.summary(request.query.chunk_size)),
  )
  app.get(
    '/sitemap/listings',
    { schema: { querystring: SitemapListingsQuery, response: { 200: envelope(SitemapListingsSchema) } } },
    async (request) => {
      const { after, until, limit } = request.query
      return okEnvelope(await sitemap.listings(after, until, limit))
    },
  )
}
