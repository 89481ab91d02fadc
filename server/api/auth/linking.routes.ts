import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelope } from '../../../shared/schemas/common.ts'
import {
  LinkAccountBody,
  LinkedAccountSchema,
  LinkMethodSchema,
  MergeAccountsBody,
  UnlinkAccountBody,
  UserSchema,
  VerifyEmailForLinkingBody,
} from '../../../shared/schemas/user.ts'
import { okEnvelope } from '../../lib/errors.ts'
import { requireUser, userIdOf } from '../plugins/authentication.ts'
import type { AccessTokens } from '../plugins/access-tokens.ts'
import type { LinkingService } from './linking.service.ts'

/** Sign-in methods of the signed-in user: link, unlink, merge (SPEC §7 Users). No user id is ever taken from the client. */
export const linkingRoutes: FastifyPluginAsyncZod<{ linking: LinkingService; tokens: AccessTokens }> = async (app, { linking, tokens }) => {
  app.addHook('preValidation', requireUser(tokens))

  app.post('/users/link-nonce', { schema: { response: { 200: envelope(z.object({ nonce: z.string(), expires_in: z.number().int() })) } } }, async (request) =>
    okEnvelope(await linking.linkNonce(userIdOf(request))),
  )

  app.post(
    '/users/verify-email-for-linking',
    {
      schema: {
        body: VerifyEmailForLinkingBody,
        response: { 200: envelope(z.object({ email: z.string(), email_verified: z.literal(true), linked_account: LinkedAccountSchema.nullable() })) },
      },
    },
    async (request) => okEnvelope(await linking.verifyEmailForLinking(userIdOf(request), request.body)),
  )

  app.post(
    '/users/link-account',
    { schema: { body: LinkAccountBody, response: { 200: envelope(z.object({ user: UserSchema, linked: LinkMethodSchema })) } } },
    async (request) => okEnvelope(await linking.linkAccount(userIdOf(request), request.body)),
  )

  app.post(
    '/users/merge-accounts',
    {
      schema: {
        body: MergeAccountsBody,
        response: {
          200: envelope(
            z.object({
              user: UserSchema,
              merged: z.object({ listings: z.number().int(), favorites: z.number().int(), ai_credits: z.number().int(), free_boosts: z.number().int(), premium_days: z.number().int() }),
            }),
          ),
        },
      },
    },
    async (request) => okEnvelope(await linking.merge(userIdOf(request), request.body)),
  )

  app.delete('/users/unlink-account', { schema: { body: UnlinkAccountBody, response: { 200: envelope(z.object({ user: UserSchema })) } } }, async (request) =>
    okEnvelope(await linking.unlink(userIdOf(request), request.body.auth_method)),
  )
}
