import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope } from '../../../shared/schemas/common.ts'
import {
  ActionResultSchema,
  ApplyCodeBody,
  CheckCodeBody,
  IdentitySchema,
  IdentitySignInBody,
  IdentitySignUpBody,
  IdTokenBody,
  PasswordResetRequestBody,
  PasswordResetSentSchema,
  SignInLinkRequestBody,
  SignInLinkSentSchema,
  VerificationSentSchema,
} from '../../../shared/schemas/identity.ts'
import { okEnvelope } from '../../lib/errors.ts'
import type { IdTokenVerifier } from '../../integrations/identity/id-token.ts'
import { clientOf } from '../rate-limit/plugin.ts'
import type { IdentityService } from './identity.service.ts'

/** /identity/* — the built-in e-mail provider, mounted only when Firebase is not configured. */
export const identityRoutes: FastifyPluginAsyncZod<{ identity: IdentityService; verifier: IdTokenVerifier }> = async (
  app,
  { identity, verifier },
) => {
  app.post(
    '/identity/sign-up',
    {
      config: { rateLimitPolicy: 'signUp' },
      schema: { body: IdentitySignUpBody, response: { 201: envelope(IdentitySchema) } },
    },
    async (request, reply) => reply.status(201).send(okEnvelope(await identity.signUp(request.body))),
  )

  app.post(
    '/identity/sign-in',
    {
      config: { rateLimitPolicy: 'signIn' },
      schema: { body: IdentitySignInBody, response: { 200: envelope(IdentitySchema) } },
    },
    async (request) => okEnvelope(await identity.signIn(request.body, clientOf(request))),
  )

  app.post(
    '/identity/send-verification',
    {
      config: { rateLimitPolicy: 'emailLink' },
      schema: { body: IdTokenBody, response: { 200: envelope(VerificationSentSchema) } },
    },
    async (request) => okEnvelope(await identity.resendVerification(await verifier.verify(request.body.id_token))),
  )

  app.post(
    '/identity/send-password-reset',
    {
      config: { rateLimitPolicy: 'emailLink' },
      schema: { body: PasswordResetRequestBody, response: { 200: envelope(PasswordResetSentSchema) } },
    },
    async (request) => okEnvelope(await identity.sendPasswordReset(request.body)),
  )

  app.post(
    '/identity/send-sign-in-link',
    {
      config: { rateLimitPolicy: 'emailLink' },
      schema: { body: SignInLinkRequestBody, response: { 200: envelope(SignInLinkSentSchema) } },
    },
    async (request) => okEnvelope(await identity.sendSignInLink(request.body)),
  )

  app.post(
    '/identity/sign-in-with-code',
    {
      config: { rateLimitPolicy: 'emailCode' },
      schema: { body: CheckCodeBody, response: { 200: envelope(IdentitySchema) } },
    },
    async (request) => okEnvelope(await identity.signInWithCode(request.body.oob_code, clientOf(request))),
  )

  app.post(
    '/identity/check-code',
    {
      config: { rateLimitPolicy: 'emailCode' },
      schema: { body: CheckCodeBody, response: { 200: envelope(ActionResultSchema) } },
    },
    async (request) => okEnvelope(await identity.checkCode(request.body.oob_code)),
  )

  app.post(
    '/identity/apply-code',
    {
      config: { rateLimitPolicy: 'emailCode' },
      schema: { body: ApplyCodeBody, response: { 200: envelope(ActionResultSchema) } },
    },
    async (request) => okEnvelope(await identity.applyCode(request.body)),
  )
}
