import type { FastifyRequest } from 'fastify'
import { AppError } from '../../lib/errors.ts'
import type { AccessClaims, AccessTokens } from './access-tokens.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` on routes that need a signed-in user. */
    auth?: AccessClaims
  }
}

/** A preHandler that admits only a valid `Authorization: Bearer <access JWT>` (401 otherwise). */
export function requireUser(tokens: AccessTokens) {
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization
    const match = header ? /^Bearer ([\w-]+\.[\w-]*\.[\w-]*)$/.exec(header) : null
    if (!match) throw new AppError('UNAUTHENTICATED')
    request.auth = await tokens.verify(match[1]!)
  }
}

/**
 * A preHandler for public routes that answer signed-in users a little more (e.g. `is_favorited`):
 * no Authorization header is fine; a bad one is a 401, so the gateway refreshes or retries anonymously.
 */
export function optionalUser(tokens: AccessTokens) {
  const required = requireUser(tokens)
  return async (request: FastifyRequest) => {
    if (request.headers.authorization !== undefined) await required(request)
  }
}

/** The signed-in user's id on a route behind `requireUser`. */
export function userIdOf(request: FastifyRequest): number {
  if (!request.auth) throw new AppError('UNAUTHENTICATED')
  return request.auth.userId
}
