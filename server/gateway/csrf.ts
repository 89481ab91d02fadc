import type { FastifyRequest } from 'fastify'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * CSRF: a state-changing request must come from our own pages — Fetch Metadata says
 * same-origin/none, or the Origin is PUBLIC_BASE_URL's (or the host's own, behind a proxy).
 */
export function isCrossSiteWrite(request: FastifyRequest, publicOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false
  const origin = request.headers.origin
  const ownOrigin = `${request.protocol}://${request.host}`
  return (
    request.headers['sec-fetch-site'] === 'cross-site' ||
    (origin !== undefined && origin !== publicOrigin && origin !== ownOrigin)
  )
}
