import { createHmac } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import { AppError } from '../../lib/errors.ts'
import type { IdTokenVerifier, VerifiedIdentity } from './id-token.ts'

const ISSUER = 'khaneh-identity'
const AUDIENCE = 'khaneh-email-login'
const ALGORITHM = 'HS256'
/** Like Firebase's ID tokens: good for an hour. */
export const ID_TOKEN_TTL_S = 60 * 60

/**
 * ID tokens of the built-in e-mail provider. The key is derived from SESSION_SECRET for this one
 * purpose, so an ID token can never pass as an access token or the other way round.
 */
export function localIdTokens(secret: string): IdTokenVerifier & { sign(identity: VerifiedIdentity): Promise<string> } {
  const key = createHmac('sha256', secret).update('khaneh email identity tokens v1').digest()
  return {
    async sign(identity) {
      const now = Math.floor(Date.now() / 1000)
      return new SignJWT({ email: identity.email, email_verified: identity.emailVerified, name: identity.name })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(identity.uid)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + ID_TOKEN_TTL_S)
        .sign(key)
    },

    async verify(idToken) {
      try {
        const { payload } = await jwtVerify(idToken, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
        })
        if (!payload.sub) throw new Error('no subject')
        return {
          uid: payload.sub,
          email: typeof payload.email === 'string' ? payload.email : null,
          emailVerified: payload.email_verified === true,
          name: typeof payload.name === 'string' ? payload.name : null,
        }
      } catch {
        throw new AppError('UNAUTHENTICATED', 'Invalid e-mail sign-in token')
      }
    },
  }
}
