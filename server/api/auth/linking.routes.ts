import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope } from '../../../shared/schemas/common.ts'
import {
  AccountLinkedSchema,
  AccountsMergedSchema,
  AccountUnlinkedSchema,
  EmailForLinkingSchema,
  LinkAccountBody,
  LinkNonceSchema,
  MergeAccountsBody,
  UnlinkAccountBody,
  VerifyEmailForLinkingBody,
} from '../../../shared/schemas/user.ts'
import { okEnvelope } from '../../lib/errors.ts'
import type { LinkingService } from './linking.service.ts'
import { viewerOf } from '../policy.ts'

/** Sign-in methods of the signed-in user: link, unlink, merge (docs/decisions/018-account-linking-and-merging.md). No user id is ever taken from the client. */
export const linkingRoutes: FastifyPluginAsyncZod<{ linking: LinkingService }> = async (app, { linking }) => {
  app.addHook('preValidation', app.requireUser)

  app.post('/users/link-nonce', { schema: { response: { 200: envelope(LinkNonceSchema) } } }, async (request) =>
    okEnvelope(await linking.linkNonce(viewerOf(request).userId)),
  )

  app.post(
    '/users/verify-email-for-linking',
    { schema: { body: VerifyEmailForLinkingBody, response: { 200: envelope(EmailForLinkingSchema) } } },
    async (request) => okEnvelope(await linking.verifyEmailForLinking(viewerOf(request).userId, request.body)),
  )

  app.post(
    '/users/link-account',
    { schema: { body: LinkAccountBody, response: { 200: envelope(AccountLinkedSchema) } } },
    async (request) => okEnvelope(await linking.linkAccount(viewerOf(request).userId, request.body)),
  )

  app.post(
    '/users/merge-accounts',
    { schema: { body: MergeAccountsBody, response: { 200: envelope(AccountsMergedSchema) } } },
    async (request) => okEnvelope(await linking.merge(viewerOf(request).userId, request.body)),
  )

  app.delete(
    '/users/unlink-account',
    { schema: { body: UnlinkAccountBody, response: { 200: envelope(AccountUnlinkedSchema) } } },
    async (request) => okEnvelope(await linking.unlink(viewerOf(request).userId, request.body.auth_method)),
  )
}
