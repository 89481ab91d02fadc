import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope } from '../../../shared/schemas/common.ts'
import {
  AccountDeletedSchema,
  AccountStatusSchema,
  AccountSummarySchema,
  UpdateProfileBody,
  UserSchema,
} from '../../../shared/schemas/user.ts'
import { okEnvelope } from '../../lib/errors.ts'
import type { AccountService } from './account.service.ts'
import { viewerOf } from '../policy.ts'

/** /users/* — every route acts on the signed-in user only (no user id is ever taken from the client). */
export const accountRoutes: FastifyPluginAsyncZod<{ users: AccountService }> = async (app, { users }) => {
  app.addHook('preValidation', app.requireUser)

  app.get('/users/profile', { schema: { response: { 200: envelope(UserSchema) } } }, async (request) =>
    okEnvelope(await users.getSelf(viewerOf(request).userId)),
  )

  app.get('/users/account-status', { schema: { response: { 200: envelope(AccountStatusSchema) } } }, async (request) =>
    okEnvelope(await users.accountStatus(viewerOf(request).userId)),
  )

  app.get('/users/summary', { schema: { response: { 200: envelope(AccountSummarySchema) } } }, async (request) =>
    okEnvelope(await users.summary(viewerOf(request).userId)),
  )

  app.delete('/users/account', { schema: { response: { 200: envelope(AccountDeletedSchema) } } }, async (request) => {
    await users.deleteAccount(viewerOf(request).userId)
    return okEnvelope({ deleted: true as const })
  })

  app.put(
    '/users/profile',
    { schema: { body: UpdateProfileBody, response: { 200: envelope(UserSchema) } } },
    async (request) => okEnvelope(await users.updateProfile(viewerOf(request).userId, request.body)),
  )
}
