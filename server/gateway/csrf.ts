import type { FastifyRequest } from 'fastify'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** PUBLIC_BASE_URL's origin, or the host's own (behind a proxy). */
const isOwnOrigin = (request: FastifyRequest, origin: string, publicOrigin: string): boolean =>
  origin === publicOrigin || origin === `${request.protocol}://${request.host}`

/**
 * CSRF of the API's calls: a state-changing request must come from our own pages — Fetch Metadata
 * says same-origin/none, or the Origin is our own.
 */
export function isCrossSiteWrite(request: FastifyRequest, publicOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false
  const origin = request.headers.origin
  return (
    request.headers['sec-fetch-site'] === 'cross-site' ||
    (origin !== undefined && !isOwnOrigin(request, origin, publicOrigin))
  )
}

/**
 * CSRF of a form sent to a page without the app (docs/decisions/041-forms-without-javascript.md): every
 * browser names the form's origin in `Origin` on a POST, so one that names none, or another, is refused.
 */
export function isOwnDocumentPost(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin
  return (
    origin !== undefined &&
    isOwnOrigin(request, origin, publicOrigin) &&
    request.headers['sec-fetch-site'] !== 'cross-site'
  )
}
