import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope } from '../../../shared/schemas/common.ts'
import { UpdateProfileBody, UserSchema } from '../../../shared/schemas/user.ts'
import { okEnvelope } from '../../lib/errors.ts'
import { requireUser, userIdOf } from '../plugins/authentication.ts'
import type { AccessTokens } from '../plugins/access-tokens.ts'
import type { AccountService } from './account.service.ts'

/** /users/* — every route acts on the signed-in user only (no user id is ever taken from the client). */
export const accountRoutes: FastifyPluginAsyncZod<{ users: AccountService; tokens: AccessTokens }> = async (app, { users, tokens }) => {
  app.addHook('preValidation', requireUser(tokens))

  app.get('/users/profile', { schema: { response: { 200: envelope(UserSchema) } } }, async (request) => okEnvelope(await users.getSelf(userIdOf(request))))

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
    async (request) => okEnvelope(await users.accountStatus(userIdOf(request))),
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
    async (request) => okEnvelope(await users.summary(userIdOf(request))),
  )

  app.delete('/users/account', { schema: { response: { 200: envelope(z.object({ deleted: z.literal(true) })) } } }, async (request) => {
    await users.deleteAccount(userIdOf(request))
    return okEnvelope({ deleted: true as const })
  })

  app.put(
    '/users/profile',
    { schema: { body: UpdateProfileBody, response: { 200: envelope(UserSchema) } } },
    async (request) => okEnvelope(await users.updateProfile(userIdOf(request), request.body)),
  )
}
