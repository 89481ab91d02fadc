import type { FastifyRequest } from 'fastify'

/** The httpOnly cookies that will hold a signed-in session (DESIGN §1; issued by the sessions issue). */
export const ACCESS_COOKIE = 'khaneh_at'
export const REFRESH_COOKIE = 'khaneh_rt'

/** True when the request may belong to a signed-in visitor: such requests are never served from shared caches. */
export function mayHaveSession(request: FastifyRequest): boolean {
  return Boolean(request.headers.authorization || request.cookies[ACCESS_COOKIE] || request.cookies[REFRESH_COOKIE])
}
