import { createHmac, randomUUID } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import { AppError } from '../../lib/errors.ts'

const ISSUER = 'khaneh-api'
const AUDIENCE = 'khaneh-merge'
const ALGORITHM = 'HS256'
/** How long the user has to confirm a merge. */
export const MERGE_TOKEN_TTL_S = 15 * 60

export type LinkMethod = 'email' | 'telegram'

export interface MergeClaims {
  /** The signed-in user who proved the other sign-in: the only one who may use the token. */
  userId: number
  /** The account that holds that sign-in and would be merged away. */
  sourceId: number
  method: LinkMethod
  jti: string
}

/**
 * Merge tokens: proof, for 15 minutes, that `userId` holds a sign-in of account `sourceId`. The key
 * is derived from SESSION_SECRET for this one purpose, so a merge token never passes as an access
 * or ID token.
 */
export function mergeTokens(secret: string) {
  const key = createHmac('sha256', secret).update('khaneh merge tokens v1').digest()
  return {
    async sign(claims: Omit<MergeClaims, 'jti'>): Promise<string> {
      const now = Math.floor(Date.now() / 1000)
      return new SignJWT({ src: claims.sourceId, method: claims.method })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + MERGE_TOKEN_TTL_S)
        .setJti(randomUUID())
        .sign(key)
    },

    /** The claims of a valid token issued to `userId`; anything else is a 403 invalid_merge_token. */
    async verify(token: string, userId: number): Promise<MergeClaims> {
      const refuse = () =>
        new AppError('FORBIDDEN', 'This merge is not valid (anymore); link the account again', {
          reason: 'invalid_merge_token',
        })
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE })
        const method = payload.method
        if (
          Number(payload.sub) !== userId ||
          typeof payload.src !== 'number' ||
          !payload.jti ||
          (method !== 'email' && method !== 'telegram')
        )
          throw refuse()
        return { userId, sourceId: payload.src, method, jti: payload.jti }
      } catch (err) {
        if (err instanceof AppError) throw err
        throw refuse()
      }
    },
  }
}
export type MergeTokens = ReturnType<typeof mergeTokens>
