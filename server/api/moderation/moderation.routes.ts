import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope, IdParams, LanguageQuery } from '../../../shared/schemas/common.ts'
import {
  AdminListingSchema,
  AdminReportPageSchema,
  ModerationStatusBody,
  PendingPageSchema,
  PendingQuery,
  ReportBody,
  ReportSchema,
  ReportsQuery,
  ResolvedReportSchema,
  ResolveReportBody,
  StatsOverviewSchema,
} from '../../../shared/schemas/moderation.ts'
import { okEnvelope } from '../../lib/errors.ts'
import { viewerOf } from '../policy.ts'
import type { ModerationService } from './moderation.service.ts'

/** Reports by signed-in users and the admin's moderation calls (docs/decisions/014-listing-statuses-and-moderation.md). */
export const moderationRoutes: FastifyPluginAsyncZod<{ moderation: ModerationService }> = async (
  app,
  { moderation },
) => {
  // before validation, so an anonymous caller gets 401 whatever the body
  app.addHook('preValidation', app.requireUser)

  app.post(
    '/listings/:id/report',
    {
      config: { rateLimitPolicy: 'report' },
      schema: { params: IdParams, body: ReportBody, response: { 201: envelope(ReportSchema) } },
    },
    async (request, reply) =>
      reply.status(201).send(okEnvelope(await moderation.report(viewerOf(request), request.params.id, request.body))),
  )

  const admin = { preValidation: app.requireAdmin }

  app.get(
    '/admin/listings/pending',
    { ...admin, schema: { querystring: PendingQuery, response: { 200: envelope(PendingPageSchema) } } },
    async (request) => okEnvelope(await moderation.pending(request.query)),
  )

  app.put(
    '/admin/listings/:id/status',
    {
      ...admin,
      schema: {
        params: IdParams,
        querystring: LanguageQuery,
        body: ModerationStatusBody,
        response: { 200: envelope(AdminListingSchema) },
      },
    },
    async (request) =>
      okEnvelope(
        await moderation.setStatus(viewerOf(request).userId, request.params.id, request.body, request.query.language),
      ),
  )

  app.get(
    '/admin/reports',
    { ...admin, schema: { querystring: ReportsQuery, response: { 200: envelope(AdminReportPageSchema) } } },
    async (request) => okEnvelope(await moderation.reports(request.query)),
  )

  app.put(
    '/admin/reports/:id',
    {
      ...admin,
      schema: {
        params: IdParams,
        querystring: LanguageQuery,
        body: ResolveReportBody,
        response: { 200: envelope(ResolvedReportSchema) },
      },
    },
    async (request) =>
      okEnvelope(
        await moderation.resolve(viewerOf(request).userId, request.params.id, request.body, request.query.language),
      ),
  )

  app.get(
    '/admin/stats/overview',
    { ...admin, schema: { response: { 200: envelope(StatsOverviewSchema) } } },
    async () => okEnvelope(await moderation.overview()),
  )
}
