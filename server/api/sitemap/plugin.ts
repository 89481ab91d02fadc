import fp from 'fastify-plugin'
import { API_PREFIX } from '../../../shared/paths.ts'
import { sitemapRoutes } from './sitemap.routes.ts'
import { sitemapService } from './sitemap.service.ts'

/** /sitemap*: what the sitemaps list (docs/decisions/022-seo.md). */
export default fp<{ contentDir?: string }>(
  async (app, options) => {
    await app.register(sitemapRoutes, { prefix: API_PREFIX, sitemap: sitemapService(app.db, options.contentDir) })
  },
  { name: 'sitemap', fastify: '5.x', dependencies: ['db'] },
)
