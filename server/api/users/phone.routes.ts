import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelope } from '../../../shared/schemas/common.ts'
import { PhoneVerificationSchema, VerifyPhoneBody } from '../../../shared/schemas/user.ts'
import { okEnvelope } from '../../lib/errors.ts'
import type { PhoneService } from './phone.service.ts'
import { viewerOf } from '../policy.ts'

/** POST /users/verify-phone — `{phone_number}` sends a code, `{phone_number, code}` verifies the signed-in user's number. */
export const phoneRoutes: FastifyPluginAsyncZod<{ phone: PhoneService }> = async (app, { phone }) => {
  app.addHook('preValidation', app.requireUser)

  app.post(
    '/users/verify-phone',
    {
      config: { rateLimitPolicy: 'phoneCode' },
      schema: { body: VerifyPhoneBody, response: { 200: envelope(PhoneVerificationSchema) } },
    },
    async (request) => {
      const { phone_number, code } = request.body
      const userId = viewerOf(request).userId
      return okEnvelope(
        code === undefined
          ? await phone.sendCode(userId, phone_number)
          : await phone.verify(userId, phone_number, code),
      )
    },
  )
}
