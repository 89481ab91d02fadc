import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto'
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose'
import { AppError } from '../../lib/errors.ts'
import { TtlCache } from '../../lib/ttl-cache.ts'

const ISSUER = 'khaneh-api'
const AUDIENCE = 'khaneh'
const ALGORITHM = 'HS256'

export interface AccessClaims {
  userId: number
  role: 'user' | 'admin'
}

/**
 * A token checked once is taken at its word until its `exp` (the check depends on nothing else: no
 * state is behind a token), for up to a minute: a signed-in page makes several calls with one token
 * (docs/decisions/028-signed-in-render.md).
 */
const VERIFIED_TTL_MS = 60_000
const VERIFIED_MAX_BYTES = 2 * 1024 * 1024

/** Signs and checks access JWTs: HS256 only (pinned), issuer and audience checked, short-lived. */
export function accessTokens(secret: string, ttlMs: number) {
  const key = new TextEncoder().encode(secret)
  // the token is the key, weighed with it; the claims are a few numbers
  const verified = new TtlCache<{ claims: AccessClaims; exp: number }>({
    ttlMs: VERIFIED_TTL_MS,
    maxBytes: VERIFIED_MAX_BYTES,
    weigh: () => 100,
  })
  return {
    async sign(claims: AccessClaims): Promise<string> {
      const now = Math.floor(Date.now() / 1000)
      return new SignJWT({ role: claims.role })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + Math.max(1, Math.round(ttlMs / 1000)))
        .setJti(randomUUID())
        .sign(key)
    },

    /** The claims of a valid token; anything else (alg none, wrong key, audience, expiry) is a 401. */
    async verify(token: string): Promise<AccessClaims> {
      const hit = verified.get(token)
      // jose's expiry rule (no clock tolerance): expired once `exp` <= the current second
      if (hit && hit.exp > Math.floor(Date.now() / 1000)) return hit.claims
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE })
        const userId = Number(payload.sub)
        if (!Number.isInteger(userId) || userId <= 0) throw new AppError('UNAUTHENTICATED')
        const claims: AccessClaims = { userId, role: payload.role === 'admin' ? 'admin' : 'user' }
        if (typeof payload.exp === 'number') verified.set(token, { claims, exp: payload.exp })
        return claims
      } catch (err) {
        if (err instanceof AppError) throw err
        const expired = err instanceof joseErrors.JWTExpired
        throw new AppError('UNAUTHENTICATED', expired ? 'Access token expired' : 'Invalid access token')
      }
    },
  }
}
export type AccessTokens = ReturnType<typeof accessTokens>

/** A new opaque refresh token and the hash that is stored in its place. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashRefreshToken(token) }
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * The successor of a refresh token: the same from every process that holds the session secret, so a
 * second refresh of a token within the grace receives it again wherever it lands, while only its hash
 * is stored (docs/decisions/001-cookie-sessions-and-refresh-grace.md). The key serves this one purpose.
 */
export function refreshSuccessors(secret: string): (token: string) => { token: string; hash: string } {
  const key = createHmac('sha256', secret).update('khaneh refresh successors v1').digest()
  return (token) => {
    const next = createHmac('sha256', key).update(token).digest('base64url')
    return { token: next, hash: hashRefreshToken(next) }
  }
}
