import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  AiAnalysisSchema,
  AiAnalyzeBody,
  AiCompareBody,
  AiComparisonSchema,
  AiPreferencesInput,
  AiPreferencesSchema,
  AiSearchBody,
  AiSearchResultSchema,
} from '../../../shared/schemas/ai.ts'
import { envelope } from '../../../shared/schemas/common.ts'
import { okEnvelope } from '../../lib/errors.ts'
import { viewerOf } from '../policy.ts'
import type { AiService } from './ai.service.ts'

/** /ai — signed-in only; each search, analysis and comparison takes one credit (402 INSUFFICIENT_CREDITS at none). */
export const aiRoutes: FastifyPluginAsyncZod<{ ai: AiService }> = async (app, { ai }) => {
  app.addHook('preValidation', app.requireUser)

  app.post(
    '/ai/search',
    { schema: { body: AiSearchBody, response: { 200: envelope(AiSearchResultSchema) } } },
    async (request) => okEnvelope(await ai.search(viewerOf(request), request.body)),
  )

  app.post(
    '/ai/analyze-listing',
    { schema: { body: AiAnalyzeBody, response: { 200: envelope(AiAnalysisSchema) } } },
    async (request) => okEnvelope(await ai.analyze(viewerOf(request), request.body)),
  )

  app.post(
    '/ai/compare-listings',
    { schema: { body: AiCompareBody, response: { 200: envelope(AiComparisonSchema) } } },
    async (request) => okEnvelope(await ai.compare(viewerOf(request), request.body)),
  )

  // always the signed-in user's own: there is no id to guess
  app.get('/ai/preferences', { schema: { response: { 200: envelope(AiPreferencesSchema) } } }, async (request) =>
    okEnvelope(await ai.preferences(viewerOf(request))),
  )

  app.put(
    '/ai/preferences',
    { schema: { body: AiPreferencesInput, response: { 200: envelope(AiPreferencesSchema) } } },
    async (request) => okEnvelope(await ai.savePreferences(viewerOf(request), request.body)),
  )
}
