import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope } from '../../../shared/schemas/common.ts'
import { UpdateProfileBody, UserSchema } from '../../../shared/schemas/user.ts'
import { okEnvelope } from '../../lib/errors.ts'
import type { AccountService } from './account.service.ts'
import { viewerOf } from '../policy.ts'

/** /users/* — every route acts on the signed-in user only (no user id is ever taken from the client). */
export const accountRoutes: FastifyPluginAsyncZod<{ users: AccountService }> = async (app, { users }) => {
  app.addHook('preValidation', app.requireUser)

  app.get('/users/profile', { schema: { response: { 200: envelope(UserSchema) } } }, async (request) => okEnvelope(await users.getSelf(viewerOf(request).userId)))

  app.get(
    '/users/account-status',
    {
      schema: {
        response: {
          200: envelope(
            z.object({
              auth_methods: z.array(z.string()),
              telegram_linked: z.boolean(),
              email_linked: z.boolean(),
              email_verified: z.boolean(),
              phone_verified: z.boolean(),
              can_unlink: z.boolean(),
              created_at: z.string(),
            }),
          ),
        },
      },
    },
    async (request) => okEnvelope(await users.accountStatus(viewerOf(request).userId)),
  )

  app.get(
    '/users/summary',
    {
      schema: {
        response: {
          200: envelope(
            z.object({
              user: UserSchema,
              listings: z.object({ total: z.number().int(), by_status: z.record(z.string(), z.number().int()) }),
              favorites: z.number().int(),
            }),
          ),
        },
      },
    },
    async (request) => okEnvelope(await users.summary(viewerOf(request).userId)),
  )

  app.delete('/users/account', { schema: { response: { 200: envelope(z.object({ deleted: z.literal(true) })) } } }, async (request) => {
    await users.deleteAccount(viewerOf(request).userId)
    return okEnvelope({ deleted: true as const })
  })

  app.put(
    '/users/profile',
    { schema: { body: UpdateProfileBody, response: { 200: envelope(UserSchema) } } },
    async (request) => okEnvelope(await users.updateProfile(viewerOf(request).userId, request.body)),
  )
}
