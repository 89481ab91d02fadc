import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope } from '../../../shared/schemas/common.ts'
import { UpdateProfileBody, UserSchema } from '../../../shared/schemas/user.ts'
import { okEnvelope } from '../../lib/errors.ts'
import { requireUser, userIdOf } from '../auth/require-user.ts'
import type { AccessTokens } from '../auth/tokens.ts'
import type { UsersService } from './service.ts'

/** /users/* — every route acts on the signed-in user only (no user id is ever taken from the client). */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; tokens: AccessTokens }> = async (app, { users, tokens }) => {
  app.addHook('preHandler', requireUser(tokens))

  app.get('/users/profile', { schema: { response: { 200: envelope(UserSchema) } } }, async (request) => okEnvelope(await users.getSelf(userIdOf(request))))

  app.put(
    '/users/profile',
    { schema: { body: UpdateProfileBody, response: { 200: envelope(UserSchema) } } },
    async (request) => okEnvelope(await users.updateProfile(userIdOf(request), request.body)),
  )
}
