import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope } from '../../../shared/schemas/common.ts'
import { ContentPageSchema, ContentParams, ContentQuery } from '../../../shared/schemas/content.ts'
import { okEnvelope } from '../../lib/errors.ts'
import type { ContentService } from './content.service.ts'

/** GET /content/{locale}?slug=…: a content page (safety guide, FAQ, terms, about, privacy) for anyone. */
export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService }> = async (app, { content }) => {
  app.get(
    '/content/:locale',
    { schema: { params: ContentParams, querystring: ContentQuery, response: { 200: envelope(ContentPageSchema) } } },
    async (request) => okEnvelope(await content.page(request.params.locale, request.query.slug)),
  )
}
