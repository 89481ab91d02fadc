import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  AlertDeletedSchema,
  AlertIdParams,
  AlertListSchema,
  AlertMatchPageSchema,
  AlertPageQuery,
  AlertSchema,
  CreateAlertBody,
  NotificationPageSchema,
  NotificationSchema,
  NotificationsQuery,
  PushSubscriptionBody,
  PushSubscriptionStateSchema,
  PushUnsubscribeBody,
  UpdateAlertBody,
} from '../../../shared/schemas/alert.ts'
import { UNREAD_STREAM_PATH } from '../../../shared/paths.ts'
import { envelope, IdParams } from '../../../shared/schemas/common.ts'
import { sendError, okEnvelope } from '../../lib/errors.ts'
import { viewerOf } from '../policy.ts'
import type { AlertsService } from './alerts.service.ts'
import { UNREAD_STREAM_REFUSED_RETRY_S, type UnreadStreams } from './unread-stream.ts'

/** /alerts — always the signed-in user's own; another user's alert or notification is not found (404). */
export const alertsRoutes: FastifyPluginAsyncZod<{ alerts: AlertsService; unread: UnreadStreams }> = async (
  app,
  { alerts, unread },
) => {
  app.addHook('preValidation', app.requireUser)

  app.get('/alerts', { schema: { response: { 200: envelope(AlertListSchema) } } }, async (request) =>
    okEnvelope(await alerts.list(viewerOf(request).userId)),
  )

  app.post(
    '/alerts',
    { schema: { body: CreateAlertBody, response: { 201: envelope(AlertSchema) } } },
    async (request, reply) =>
      reply.code(201).send(okEnvelope(await alerts.create(viewerOf(request).userId, request.body))),
  )

  // the static paths before /alerts/:id
  app.get(
    '/alerts/notifications',
    { schema: { querystring: NotificationsQuery, response: { 200: envelope(NotificationPageSchema) } } },
    async (request) =>
      okEnvelope(
        await alerts.notifications(viewerOf(request).userId, request.query.page, request.query.unread_only ?? false),
      ),
  )

  // the live unread count as Server-Sent Events (unread-stream.ts); never buffered by a proxy
  app.get(UNREAD_STREAM_PATH, async (request, reply) => {
    const stream = await unread.subscribe(viewerOf(request).userId)
    if (!stream)
      return sendError(
        reply.header('retry-after', String(UNREAD_STREAM_REFUSED_RETRY_S)),
        'RATE_LIMITED',
        'Too many live connections for this account',
      )
    reply.raw.once('close', () => stream.destroy())
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-accel-buffering', 'no')
      .send(stream)
  })

  app.put(
    '/alerts/notifications/:id/read',
    { schema: { params: IdParams, response: { 200: envelope(NotificationSchema) } } },
    async (request) => okEnvelope(await alerts.markRead(viewerOf(request).userId, request.params.id)),
  )

  app.post(
    '/alerts/push-subscriptions',
    { schema: { body: PushSubscriptionBody, response: { 200: envelope(PushSubscriptionStateSchema) } } },
    async (request) => okEnvelope(await alerts.subscribe(viewerOf(request).userId, request.body)),
  )

  app.delete(
    '/alerts/push-subscriptions',
    { schema: { body: PushUnsubscribeBody, response: { 200: envelope(PushSubscriptionStateSchema) } } },
    async (request) => okEnvelope(await alerts.unsubscribe(viewerOf(request).userId, request.body)),
  )

  app.put(
    '/alerts/:id',
    { schema: { params: AlertIdParams, body: UpdateAlertBody, response: { 200: envelope(AlertSchema) } } },
    async (request) => okEnvelope(await alerts.update(viewerOf(request).userId, request.params.id, request.body)),
  )

  app.delete(
    '/alerts/:id',
    { schema: { params: AlertIdParams, response: { 200: envelope(AlertDeletedSchema) } } },
    async (request) => okEnvelope(await alerts.remove(viewerOf(request).userId, request.params.id)),
  )

  app.get(
    '/alerts/:id/matches',
    {
      schema: { params: AlertIdParams, querystring: AlertPageQuery, response: { 200: envelope(AlertMatchPageSchema) } },
    },
    async (request) =>
      okEnvelope(await alerts.matches(viewerOf(request).userId, request.params.id, request.query.page)),
  )
}
