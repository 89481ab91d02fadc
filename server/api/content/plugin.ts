import fp from 'fastify-plugin'
import { API_PREFIX } from '../../../shared/paths.ts'
import { contentRoutes } from './content.routes.ts'
import { contentService } from './content.service.ts'

/** Content pages from `content/<locale>/<slug>.md`, rendered on the server. */
export default fp<{ dir?: string }>(
  async (app, options) => {
    await app.register(contentRoutes, { prefix: API_PREFIX, content: contentService(options.dir) })
  },
  { name: 'content', fastify: '5.x', dependencies: ['core'] },
)
