/** Who an e-mail ID token says its bearer is (Firebase's claims, or the built-in provider's). */
export interface VerifiedIdentity {
  /** The provider's stable user id (Firebase `uid` / `sub`). */
  uid: string
  email: string | null
  emailVerified: boolean
  name: string | null
}

/**
 * Checks an e-mail sign-in ID token (docs/decisions/016-email-sign-in.md): firebase-admin when FIREBASE_PROJECT_ID is set,
 * otherwise the built-in provider. Rejects with AppError('UNAUTHENTICATED') on any bad token.
 */
export interface IdTokenVerifier {
  verify(idToken: string): Promise<VerifiedIdentity>
}
