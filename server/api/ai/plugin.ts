import fp from 'fastify-plugin'
import { API_PREFIX } from '../../../shared/paths.ts'
import { localAiProvider, type AiProvider } from '../../integrations/ai/ai-provider.ts'
import { aiRoutes } from './ai.routes.ts'
import { aiService } from './ai.service.ts'

export interface AiOptions {
  /** AI_PROVIDER: the local parser unless an OpenAI-compatible model is configured. */
  provider?: AiProvider
  /** Today, for move-in months (tests fix it). */
  now?: () => Date
}

/** /ai (docs/decisions/021-ai-search-and-credits.md): AI search, listing analysis, comparison and preferences. */
export default fp<AiOptions>(
  async (app, options) => {
    const ai = aiService(app.db, {
      listings: app.publicListings,
      locations: app.locations,
      provider: options.provider ?? localAiProvider(),
      now: options.now,
    })
    await app.register(aiRoutes, { prefix: API_PREFIX, ai })
  },
  { name: 'ai', fastify: '5.x', dependencies: ['db', 'authentication', 'locations', 'listings'] },
)
