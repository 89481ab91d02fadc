import { AppError } from '../../lib/errors.ts'
import type { IdTokenVerifier, VerifiedIdentity } from '../../integrations/identity/id-token.ts'

/**
 * A verified e-mail identity from an ID token, or the refusal (docs/decisions/016-email-sign-in.md): an unverified address
 * never signs in, links or takes over an account. `claimedEmail`, when sent, must be the token's.
 */
export async function verifiedEmailIdentity(
  verifier: IdTokenVerifier | undefined,
  idToken: string,
  claimedEmail?: string,
): Promise<VerifiedIdentity & { email: string }> {
  if (!verifier) throw new AppError('SERVICE_UNAVAILABLE', 'E-mail sign-in is not configured')
  const identity = await verifier.verify(idToken)
  if (!identity.email) throw new AppError('FORBIDDEN', 'The sign-in has no e-mail address', { reason: 'email_missing' })
  const email = identity.email.trim().toLowerCase()
  if (claimedEmail !== undefined && claimedEmail.trim().toLowerCase() !== email) {
    throw new AppError('VALIDATION_ERROR', 'The request is not valid', [
      { path: 'email', code: 'mismatch', message: 'does not match the sign-in token' },
    ])
  }
  if (!identity.emailVerified)
    throw new AppError('FORBIDDEN', 'Verify your e-mail address first', { reason: 'email_not_verified' })
  return { ...identity, email }
}
