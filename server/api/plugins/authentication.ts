import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../../lib/errors.ts'
import { isAdmin, type Viewer } from '../policy.ts'
import { accessTokens, type AccessTokens } from './access-tokens.ts'

type RequestHook = (request: FastifyRequest) => Promise<void>

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and checks access JWTs (SESSION_SECRET). */
    accessTokens: AccessTokens
    /** A preValidation hook that admits only a valid `Authorization: Bearer <access JWT>` (401 otherwise). */
    requireUser: RequestHook
    /**
     * A preValidation hook for public routes that answer signed-in users a little more (e.g. `is_favorited`):
     * no Authorization header is fine; a bad one is a 401, so the gateway refreshes or retries anonymously.
     */
    optionalUser: RequestHook
    /** After `requireUser` (plugin hooks run before route hooks): a signed-in non-admin gets 403. */
    requireAdmin: RequestHook
  }
  interface FastifyRequest {
    /** The signed-in user, once `requireUser` or `optionalUser` has read the access token. */
    auth: Viewer | null
  }
}

/** Who is calling: the bearer access token of each request, checked on the routes that ask for it. */
export default fp<{ secret: string; accessTtlMs: number }>(
  async (app, options) => {
    const tokens = accessTokens(options.secret, options.accessTtlMs)
    const requireUser: RequestHook = async (request) => {
      const header = request.headers.authorization
      const match = header ? /^Bearer ([\w-]+\.[\w-]*\.[\w-]*)$/.exec(header) : null
      if (!match) throw new AppError('UNAUTHENTICATED')
      request.auth = await tokens.verify(match[1]!)
    }
    app.decorateRequest('auth', null)
    app.decorate('accessTokens', tokens)
    app.decorate('requireUser', requireUser)
    app.decorate('optionalUser', async (request: FastifyRequest) => {
      if (request.headers.authorization !== undefined) await requireUser(request)
    })
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      if (!isAdmin(request.auth)) throw new AppError('FORBIDDEN', 'Only moderators may do this')
    })
  },
  { name: 'authentication', fastify: '5.x' },
)
