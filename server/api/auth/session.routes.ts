import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope } from '../../../shared/schemas/common.ts'
import { CreateUserBody, EmailLoginBody, RefreshBody, SessionSchema, TelegramLoginBody } from '../../../shared/schemas/user.ts'
import { okEnvelope } from '../../lib/errors.ts'
import type { SessionService } from './session.service.ts'

export const sessionRoutes: FastifyPluginAsyncZod<{ auth: SessionService }> = async (app, { auth }) => {
  app.post(
    '/auth/telegram-login',
    { schema: { body: TelegramLoginBody, response: { 200: envelope(SessionSchema) } } },
    async (request) => okEnvelope(await auth.telegramLogin(request.body)),
  )

  app.post(
    '/auth/email-login',
    { schema: { body: EmailLoginBody, response: { 200: envelope(SessionSchema) } } },
    async (request) => okEnvelope(await auth.emailLogin(request.body)),
  )

  app.post(
    '/auth/create-user',
    { schema: { body: CreateUserBody, response: { 201: envelope(SessionSchema) } } },
    async (request, reply) => reply.status(201).send(okEnvelope(await auth.createUser(request.body))),
  )

  app.post(
    '/auth/refresh',
    { schema: { body: RefreshBody, response: { 200: envelope(SessionSchema) } } },
    async (request) => okEnvelope(await auth.refresh(request.body.refresh_token)),
  )

  app.post(
    '/auth/logout',
    { schema: { body: RefreshBody, response: { 200: envelope(z.object({ logged_out: z.literal(true) })) } } },
    async (request) => {
      await auth.logout(request.body.refresh_token)
      return okEnvelope({ logged_out: true as const })
    },
  )
}
