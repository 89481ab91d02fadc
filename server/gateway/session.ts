import type { FastifyRequest } from 'fastify'
import { envelope } from '../../shared/schemas/common.ts'
import { SessionSchema, type User } from '../../shared/schemas/user.ts'
import type { JsonAnswer, Upstream } from './upstream.ts'

/** Cookie names before the `__Host-` prefix that https origins add; the browser never sees a token. */
export const ACCESS_COOKIE = 'khaneh_at'
export const REFRESH_COOKIE = 'khaneh_rt'
const ACCESS_MAX_AGE_S = 7 * 24 * 60 * 60
const REFRESH_MAX_AGE_S = 30 * 24 * 60 * 60
/** An access token this close to its expiry is refreshed before a call rather than after its 401. */
const REFRESH_AHEAD_S = 30

/** The API's answer to a sign-in or a refresh, checked against the schema the API declares for it. */
const SessionAnswer = envelope(SessionSchema)

/** Calls (below /api/v1) whose answer carries a new session: its tokens go into cookies, never to the page. */
export const SESSION_ISSUING = new Set(['/auth/telegram-login', '/auth/email-login', '/auth/create-user'])

export interface SessionTokens {
  access: string
  refresh: string
}

/** A session the API opened or renewed: its tokens (for cookies only) and its user (for the page). */
export interface SignedIn {
  tokens: SessionTokens
  user: User
}

/** The viewer behind a request, as every call to the API names them. */
export type Viewer = Pick<FastifyRequest, 'id' | 'ip'>

/** Cookies are `Secure` everywhere but on plain-http localhost, where a browser would drop them. */
export function secureCookies(publicBaseUrl: string): boolean {
  return publicBaseUrl.startsWith('https:') || !/^http:\/\/(localhost|127\.0\.0\.1)(:|\/|$)/.test(publicBaseUrl)
}

/** Reads that are the same for every anonymous viewer (listings and places); `path` is below /api/v1. */
export const isPublicRead = (path: string): boolean => /^\/(listings|locations)(\/|\?|$)/.test(path)

/**
 * Reads whose answer names nothing of the viewer (places: countries, cities; the site's content
 * pages), so a signed-in viewer's are made anonymously too and share the anonymous cache; listings
 * are not among them (a signed-in viewer's carry their favourites: page loaders add them to the
 * shared search themselves, api-transport.ts; docs/decisions/028-signed-in-render.md).
 */
export const isSharedRead = (path: string): boolean => /^\/(locations|content)(\/|\?|$)/.test(path)

/**
 * Headers of every call the gateway makes to the API for a viewer: the request id (one trace across
 * both), the viewer's address as resolved here (TRUST_PROXY; the API limits by it, and whatever
 * X-Forwarded-For the browser sent is replaced), and the session's bearer token when there is one.
 */
export function apiHeaders(viewer: Viewer, access?: string): Record<string, string> {
  return {
    'x-request-id': viewer.id,
    'x-forwarded-for': viewer.ip,
    ...(access && { authorization: `Bearer ${access}` }),
  }
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

/** One request's session: the token for its calls, one renewal, and the cookies its answer must carry. */
export interface RequestSession {
  /** The access token for calls now; undefined when the viewer is anonymous (or the session ended). */
  access(): string | undefined
  /** The renewal after a 401 with a token: the new access token, or undefined when the session is over. */
  renew(): Promise<string | undefined>
  /** Ends the session in the browser (the account is gone). */
  end(): void
  /** Signs out: the API revokes the refresh token, and the browser's cookies are cleared (a page's "Sign out" form). */
  signOut(): Promise<void>
  /** Starts the session a sign-in opened (a page's action signing in): its calls and cookies from now on. */
  begin(tokens: SessionTokens): void
  /** Set-Cookie values for whatever changed during the request; empty when nothing did. */
  setCookies(): string[]
}

/** No session at all: a render shared by every anonymous viewer (docs/decisions/024-page-render-cache.md). */
export const noSession: RequestSession = {
  access: () => undefined,
  renew: async () => undefined,
  end: () => {},
  signOut: async () => {},
  begin: () => {
    throw new Error('A shared render never signs in')
  },
  setCookies: () => [],
}

/** The session in an API answer to a sign-in or refresh; null for a refusal, or an answer that does not hold one. */
export function signedInOf(answer: JsonAnswer): SignedIn | null {
  if (answer.status !== 200 && answer.status !== 201) return null
  const parsed = SessionAnswer.safeParse(answer.body)
  if (!parsed.success) return null
  const { token, refresh_token, user } = parsed.data.data
  return { tokens: { access: token, refresh: refresh_token }, user }
}

/**
 * The session policy in one place: httpOnly cookies, refresh ahead of expiry, one
 * refresh at a time per session, and the parsing of every answer that carries tokens.
 */
export function createSessions(upstream: Upstream, publicBaseUrl: string) {
  const https = publicBaseUrl.startsWith('https:')
  const prefix = https ? '__Host-' : ''
  const names = { access: `${prefix}${ACCESS_COOKIE}`, refresh: `${prefix}${REFRESH_COOKIE}` }
  const attributes = `Path=/; HttpOnly; SameSite=Lax${secureCookies(publicBaseUrl) ? '; Secure' : ''}`
  /** Refreshes in flight, by refresh token: only while they are (the grace itself is the API's). */
  const refreshing = new Map<string, Promise<SignedIn | null>>()

  const read = (request: FastifyRequest): Partial<SessionTokens> => ({
    access: request.cookies[names.access] || undefined,
    refresh: request.cookies[names.refresh] || undefined,
  })

  const cookiesFor = (tokens: SessionTokens): string[] => [
    `${names.access}=${tokens.access}; Max-Age=${ACCESS_MAX_AGE_S}; ${attributes}`,
    `${names.refresh}=${tokens.refresh}; Max-Age=${REFRESH_MAX_AGE_S}; ${attributes}`,
  ]

  const clearingCookies = (): string[] => [
    `${names.access}=; Max-Age=0; ${attributes}`,
    `${names.refresh}=; Max-Age=0; ${attributes}`,
  ]

  /**
   * POST /auth/refresh with this refresh token. Concurrent callers in this process share one call, to
   * spare the database; the rest of a burst, on this process or another, is the API's to answer: a
   * rotated token presented again within its grace gets the same successor there
   * (docs/decisions/001-cookie-sessions-and-refresh-grace.md).
   */
  /** POST /auth/logout for a refresh token: the API revokes it (the browser's cookies are the caller's to clear). */
  async function revoke(refreshToken: string, viewer: Viewer): Promise<void> {
    await upstream.json({
      method: 'POST',
      path: '/api/v1/auth/logout',
      headers: { 'content-type': 'application/json', ...apiHeaders(viewer) },
      body: JSON.stringify({ refresh_token: refreshToken }),
    })
  }

  function refresh(refreshToken: string, viewer: Viewer): Promise<SignedIn | null> {
    let pending = refreshing.get(refreshToken)
    if (!pending) {
      pending = upstream
        .json({
          method: 'POST',
          path: '/api/v1/auth/refresh',
          headers: { 'content-type': 'application/json', accept: 'application/json', ...apiHeaders(viewer) },
          body: JSON.stringify({ refresh_token: refreshToken }),
        })
        .then(signedInOf)
        .finally(() => refreshing.delete(refreshToken))
      refreshing.set(refreshToken, pending)
    }
    return pending
  }

  return {
    names,
    cookiesFor,
    clearingCookies,
    signedIn: signedInOf,
    refresh,

    /** How many refreshes are in flight: tests of the bound. */
    refreshesHeld: (): number => refreshing.size,

    /** The refresh token of the request's cookies, if any. */
    refreshToken: (request: FastifyRequest): string | undefined => read(request).refresh,

    /** True when the request may belong to a signed-in viewer: such requests never use shared caches. */
    mayHaveSession(request: FastifyRequest): boolean {
      return Boolean(request.headers.authorization || request.cookies[names.access] || request.cookies[names.refresh])
    },

    /** The request's session, its access token refreshed first when it is missing or about to expire. */
    async open(request: FastifyRequest): Promise<RequestSession> {
      let { access, refresh: refreshToken } = read(request)
      let cookies: string[] = []
      const end = () => {
        access = refreshToken = undefined
        cookies = clearingCookies()
      }
      const begin = (tokens: SessionTokens) => {
        ;({ access, refresh: refreshToken } = tokens)
        cookies = cookiesFor(tokens)
      }
      const renew = async (): Promise<string | undefined> => {
        const renewed = refreshToken ? await refresh(refreshToken, request) : null
        if (!renewed) {
          end()
          return undefined
        }
        begin(renewed.tokens)
        return access
      }
      if (refreshToken && (!access || secondsLeft(access) < REFRESH_AHEAD_S)) await renew()
      const signOut = async () => {
        if (refreshToken) await revoke(refreshToken, request)
        end()
      }
      return { access: () => access, renew, end, signOut, begin, setCookies: () => cookies }
    },

    /** POST /auth/logout for the request's refresh token (the browser's cookies are cleared by the caller). */
    async logout(request: FastifyRequest): Promise<void> {
      const { refresh: refreshToken } = read(request)
      if (refreshToken) await revoke(refreshToken, request)
    },
  }
}
export type Sessions = ReturnType<typeof createSessions>

/**
 * One API call under the session policy: made with the session's token; a 401 with a token → one renewal and
 * one retry; once the session is over, a public read is made anonymously and anything else is
 * refused — null, which the caller answers as 401 "Authentication required". `replayable: false`
 * (a body already streamed on) skips the retry; `discard` frees a refused answer before it.
 */
export async function callWithSession<A extends { status: number }>(
  session: RequestSession,
  call: { method: string; path: string; replayable?: boolean },
  send: (access: string | undefined) => Promise<A>,
  discard?: (answer: A) => Promise<unknown>,
): Promise<A | null> {
  const access = session.access()
  const answer = await send(access)
  if (answer.status !== 401 || !access || call.replayable === false) return answer
  await discard?.(answer)
  const renewed = await session.renew()
  if (renewed) return send(renewed)
  if (call.method === 'GET' && isPublicRead(call.path)) return send(undefined)
  return null
}
