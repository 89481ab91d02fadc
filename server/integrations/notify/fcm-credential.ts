import { applicationDefault, cert } from 'firebase-admin/app'
import type { AccessToken } from './fcm-notifier.ts'

/**
 * The FCM API's OAuth token from a service account (FIREBASE_SERVICE_ACCOUNT, a JSON key file) or
 * Google's default credentials. Imported only when Firebase is configured (firebase-admin is large).
 */
export function serviceAccountAccessToken(serviceAccountFile: string | undefined): () => Promise<AccessToken> {
  const credential = serviceAccountFile ? cert(serviceAccountFile) : applicationDefault()
  return () => credential.getAccessToken()
}
