import type { FastifyReply, FastifyRequest } from 'fastify'
import type { LoaderSession } from './api-transport.ts'
import type { Upstream } from './upstream.ts'

/** Cookie names before the `__Host-` prefix that https origins add (DESIGN §1: the browser never sees a token). */
export const ACCESS_COOKIE = 'khaneh_at'
export const REFRESH_COOKIE = 'khaneh_rt'
const ACCESS_MAX_AGE_S = 7 * 24 * 60 * 60 // SPEC §9
const REFRESH_MAX_AGE_S = 30 * 24 * 60 * 60

export interface SessionTokens {
  access: string
  refresh: string
}

/** Seconds left before a JWT's `exp` (read, not verified: the API verifies); -1 when unreadable. */
export function secondsLeft(jwt: string, nowS = Date.now() / 1000): number {
  try {
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown }
    return typeof payload.exp === 'number' ? payload.exp - nowS : -1
  } catch {
    return -1
  }
}

/** Session cookies and the refresh call, with one refresh at a time per session (single flight). */
export function createSessions(upstream: Upstream, publicBaseUrl: string) {
  const https = publicBaseUrl.startsWith('https:')
  const secure = https || !/^http:\/\/(localhost|127\.0\.0\.1)(:|\/|$)/.test(publicBaseUrl)
  const prefix = https ? '__Host-' : ''
  const names = { access: `${prefix}${ACCESS_COOKIE}`, refresh: `${prefix}${REFRESH_COOKIE}` }
  const attributes = `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
  const refreshing = new Map<string, Promise<{ tokens: SessionTokens; user: unknown } | null>>()

  return {
    names,

    read(request: FastifyRequest): Partial<SessionTokens> {
      return { access: request.cookies[names.access] || undefined, refresh: request.cookies[names.refresh] || undefined }
    },

    /** True when the request may belong to a signed-in visitor: such requests never use shared caches. */
    mayHaveSession(request: FastifyRequest): boolean {
      return Boolean(request.headers.authorization || request.cookies[names.access] || request.cookies[names.refresh])
    },

    /** Set-Cookie values that hold these tokens. */
    cookiesFor(tokens: SessionTokens): string[] {
      return [
        `${names.access}=${tokens.access}; Max-Age=${ACCESS_MAX_AGE_S}; ${attributes}`,
        `${names.refresh}=${tokens.refresh}; Max-Age=${REFRESH_MAX_AGE_S}; ${attributes}`,
      ]
    },

    /** Set-Cookie values that end the session in the browser. */
    clearingCookies(): string[] {
      return [`${names.access}=; Max-Age=0; ${attributes}`, `${names.refresh}=; Max-Age=0; ${attributes}`]
    },

    store(reply: FastifyReply, tokens: SessionTokens): void {
      reply.header('set-cookie', this.cookiesFor(tokens))
    },

    clear(reply: FastifyReply): void {
      reply.header('set-cookie', this.clearingCookies())
    },

    /**
     * POST /auth/refresh with this refresh token. Concurrent callers with the same token share one
     * call, so a burst of requests after expiry never presents the rotated token twice.
     */
    refresh(refreshToken: string, requestId: string): Promise<{ tokens: SessionTokens; user: unknown } | null> {
      let pending = refreshing.get(refreshToken)
      if (!pending) {
        pending = upstream
          .json({
            method: 'POST',
            path: '/api/v1/auth/refresh',
            headers: { 'content-type': 'application/json', accept: 'application/json', 'x-request-id': requestId },
            body: JSON.stringify({ refresh_token: refreshToken }),
          })
          .then(({ status, body }) => {
            const data = (body as { data?: { token?: string; refresh_token?: string; user?: unknown } } | null)?.data
            if (status !== 200 || !data?.token || !data.refresh_token) return null
            return { tokens: { access: data.token, refresh: data.refresh_token }, user: data.user }
          })
          .finally(() => {
            // keep the answer a moment for requests of the same burst that arrive just after
            setTimeout(() => refreshing.delete(refreshToken), 5_000).unref()
          })
        refreshing.set(refreshToken, pending)
      }
      return pending
    },
  }
}
export type Sessions = ReturnType<typeof createSessions>

/**
 * The session of one page request: refreshed ahead of expiry, renewed once after a 401, and the
 * Set-Cookie values the page response must carry for whatever changed.
 */
export async function pageSession(request: FastifyRequest, sessions: Sessions): Promise<{ loader: LoaderSession; cookies: string[] }> {
  const cookies: string[] = []
  let { access, refresh } = sessions.read(request)
  const renew = async (): Promise<string | undefined> => {
    if (!refresh) return undefined
    const refreshed = await sessions.refresh(refresh, request.id)
    cookies.length = 0
    if (!refreshed) {
      access = refresh = undefined
      cookies.push(...sessions.clearingCookies())
      return undefined
    }
    ;({ access, refresh } = refreshed.tokens)
    cookies.push(...sessions.cookiesFor(refreshed.tokens))
    return access
  }
  if (refresh && (!access || secondsLeft(access) < 30)) await renew()
  return { loader: { access: () => access, renew }, cookies }
}
