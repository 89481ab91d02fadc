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
import type { LinkingService } from './linking.service.ts'
import { viewerOf } from '../policy.ts'

/** Sign-in methods of the signed-in user: link, unlink, merge (SPEC §7 Users). No user id is ever taken from the client. */
export const linkingRoutes: FastifyPluginAsyncZod<{ linking: LinkingService }> = async (app, { linking }) => {
  app.addHook('preValidation', app.requireUser)

  app.post('/users/link-nonce', { schema: { response: { 200: envelope(z.object({ nonce: z.string(), expires_in: z.number().int() })) } } }, async (request) =>
    okEnvelope(await linking.linkNonce(viewerOf(request).userId)),
  )

  app.post(
    '/users/verify-email-for-linking',
    {
      schema: {
        body: VerifyEmailForLinkingBody,
        response: { 200: envelope(z.object({ email: z.string(), email_verified: z.literal(true), linked_account: LinkedAccountSchema.nullable() })) },
      },
    },
    async (request) => okEnvelope(await linking.verifyEmailForLinking(viewerOf(request).userId, request.body)),
  )

  app.post(
    '/users/link-account',
    { schema: { body: LinkAccountBody, response: { 200: envelope(z.object({ user: UserSchema, linked: LinkMethodSchema })) } } },
    async (request) => okEnvelope(await linking.linkAccount(viewerOf(request).userId, request.body)),
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
    async (request) => okEnvelope(await linking.merge(viewerOf(request).userId, request.body)),
  )

  app.delete('/users/unlink-account', { schema: { body: UnlinkAccountBody, response: { 200: envelope(z.object({ user: UserSchema })) } } }, async (request) =>
    okEnvelope(await linking.unlink(viewerOf(request).userId, request.body.auth_method)),
  )
}
