import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope } from '../../../shared/schemas/common.ts'
import {
  CreateUserBody,
  EmailLoginBody,
  LoggedOutSchema,
  RefreshBody,
  SessionSchema,
  TelegramLoginBody,
  ViewerSessionSchema,
} from '../../../shared/schemas/user.ts'
import { okEnvelope } from '../../lib/errors.ts'
import type { SessionService } from './session.service.ts'

export const sessionRoutes: FastifyPluginAsyncZod<{ sessions: SessionService }> = async (app, { sessions }) => {
  app.get(
    '/auth/session',
    { preValidation: app.optionalUser, schema: { response: { 200: envelope(ViewerSessionSchema) } } },
    async (request) => okEnvelope({ user: request.auth ? await sessions.viewer(request.auth.userId) : null }),
  )

  app.post(
    '/auth/telegram-login',
    {
      config: { rateLimitPolicy: 'signIn' },
      schema: { body: TelegramLoginBody, response: { 200: envelope(SessionSchema) } },
    },
    async (request) => okEnvelope(await sessions.telegramLogin(request.body)),
  )

  app.post(
    '/auth/email-login',
    {
      config: { rateLimitPolicy: 'signIn' },
      schema: { body: EmailLoginBody, response: { 200: envelope(SessionSchema) } },
    },
    async (request) => okEnvelope(await sessions.emailLogin(request.body)),
  )

  app.post(
    '/auth/create-user',
    { schema: { body: CreateUserBody, response: { 201: envelope(SessionSchema) } } },
    async (request, reply) => reply.status(201).send(okEnvelope(await sessions.createUser(request.body))),
  )

  app.post(
    '/auth/refresh',
    { schema: { body: RefreshBody, response: { 200: envelope(SessionSchema) } } },
    async (request) => okEnvelope(await sessions.refresh(request.body.refresh_token)),
  )

  app.post(
    '/auth/logout',
    { schema: { body: RefreshBody, response: { 200: envelope(LoggedOutSchema) } } },
    async (request) => {
      await sessions.logout(request.body.refresh_token)
      return okEnvelope({ logged_out: true as const })
    },
  )
}
