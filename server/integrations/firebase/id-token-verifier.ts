import { randomUUID } from 'node:crypto'
import type { Agent } from 'node:http'
import { deleteApp, initializeApp } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import { AppError } from '../../lib/errors.ts'
import type { IdTokenVerifier } from '../identity/id-token.ts'

export interface FirebaseIdTokenVerifierOptions {
  projectId: string
  /**
   * Carries the fetch of Google's signing certificates (an https URL, so it must be an
   * `https.Agent`). firebase-admin hands it to `https.request` as `agent`.
   */
  httpAgent?: Agent
}

export interface FirebaseIdTokenVerifier extends IdTokenVerifier {
  /** Deletes the firebase-admin app behind this verifier; call once, on shutdown. */
  close(): Promise<void>
}

// firebase-admin reports a failed certificate fetch as `auth/argument-error`, the code of a bad
// token: jsonwebtoken flattens the key callback's error into its own message (firebase-admin
// lib/utils/jwt.js, verifyJwtSignature), so only these prefixes — from its HttpClient and its
// UrlKeyFetcher — tell an unreachable Google apart from a forged token.
/** firebase-admin sets no timeout on the certificate fetch: a hanging network must not hold a sign-in open. */
const VERIFY_TIMEOUT_MS = 10_000

const KEY_FETCH_FAILURE = /^(?:Error while making request: |Error fetching public keys for Google certs: )/

/**
 * Firebase Authentication ID tokens (docs/decisions/016-email-sign-in.md), checked by firebase-admin against Google's
 * published certificates. Verifying needs only the project id: no service-account credential.
 */
export function firebaseIdTokenVerifier(options: FirebaseIdTokenVerifierOptions): FirebaseIdTokenVerifier {
  // One app per verifier, so tests and a restarted API never collide on firebase-admin's app registry.
  const app = initializeApp(
    { projectId: options.projectId, ...(options.httpAgent ? { httpAgent: options.httpAgent } : {}) },
    `khaneh-id-token-${randomUUID()}`,
  )
  const auth = getAuth(app)
  let closed: Promise<void> | undefined

  return {
    async verify(idToken) {
      let decoded
      let timer: NodeJS.Timeout | undefined
      try {
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new AppError('UPSTREAM_TIMEOUT', 'The sign-in service did not answer in time')),
            VERIFY_TIMEOUT_MS,
          )
        })
        decoded = await Promise.race([auth.verifyIdToken(idToken), timeout])
      } catch (err) {
        if (err instanceof AppError) throw err
        if (isKeyFetchFailure(err)) {
          const error = new AppError('UPSTREAM_UNAVAILABLE', 'The sign-in service is unreachable')
          error.cause = err
          throw error
        }
        throw new AppError('UNAUTHENTICATED', 'Invalid e-mail sign-in token')
      } finally {
        clearTimeout(timer)
      }
      return {
        uid: decoded.uid,
        email: decoded.email ?? null,
        emailVerified: decoded.email_verified === true,
        name: typeof decoded.name === 'string' ? decoded.name : null,
      }
    },

    close() {
      closed ??= deleteApp(app)
      return closed
    },
  }
}

function isKeyFetchFailure(err: unknown): boolean {
  return (
    err instanceof Error &&
    (err as { code?: unknown }).code === 'auth/argument-error' &&
    KEY_FETCH_FAILURE.test(err.message)
  )
}
