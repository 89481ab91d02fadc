import { pushNotification, PUSH_TTL_S } from './push-notification.ts'
import type { NotificationSender, SendResult } from './notifier.ts'

/** An OAuth access token for the FCM API and how long it lives (firebase-admin's Credential.getAccessToken()). */
export interface AccessToken {
  access_token: string
  expires_in: number
}

export interface FcmNotifierOptions {
  /** FCM_API_BASE: https://fcm.googleapis.com, or a fake on loopback in tests. */
  apiBase: string
  /** FIREBASE_PROJECT_ID. */
  projectId: string
  /** The service account's token source (fcm-credential.ts); asked again shortly before a token expires or after a 401. */
  accessToken: () => Promise<AccessToken>
  /** PUBLIC_BASE_URL: the logo and the click's link are absolute. */
  publicBaseUrl: string
  timeoutMs?: number
}

/** A token source that keeps its token until a minute before it expires; `forget` after the API refused it. */
export function cachedAccessToken(source: () => Promise<AccessToken>) {
  let current: { token: string; until: number } | null = null
  let pending: Promise<string> | null = null
  return {
    async get(): Promise<string> {
      if (current && current.until > Date.now()) return current.token
      pending ??= source()
        .then((t) => {
          current = { token: t.access_token, until: Date.now() + (t.expires_in - 60) * 1000 }
          return t.access_token
        })
        .finally(() => {
          pending = null
        })
      return pending
    },
    forget() {
      current = null
    },
  }
}

interface FcmError {
  error?: { code?: number; status?: string; message?: string; details?: Array<{ errorCode?: string }> }
}

/**
 * Alert notifications to FCM registration tokens through the FCM HTTP v1 API
 * (`POST {base}/v1/projects/{project}/messages:send`). firebase-admin's messaging has its host
 * fixed (fcm.googleapis.com), so the request is ours and testable against a fake; the token comes
 * from the service account through firebase-admin. UNREGISTERED / 404 is gone (the worker deletes
 * the token), 401 (the token expired) / 429 / 5xx / network are tried again, anything else parks the row.
 */
export function fcmNotifier(options: FcmNotifierOptions): NotificationSender {
  const url = `${options.apiBase}/v1/projects/${encodeURIComponent(options.projectId)}/messages:send`
  const tokens = cachedAccessToken(options.accessToken)
  return {
    channel: 'fcm',
    async send(payload, signal): Promise<SendResult> {
      const registrationToken = payload.subscription?.endpoint
      if (!registrationToken) return { ok: false, error: 'fcm: no registration token', retry: false }
      const n = pushNotification(payload, options.publicBaseUrl)
      const message = {
        token: registrationToken,
        notification: { title: n.title, body: n.body },
        // FCM data values are strings
        data: { listing_id: String(n.data.listing_id), url: n.data.url },
        webpush: {
          headers: { TTL: String(PUSH_TTL_S), Urgency: 'high' },
          notification: {
            icon: n.icon,
            badge: n.badge,
            tag: n.tag,
            requireInteraction: n.requireInteraction,
            silent: n.silent,
          },
          fcm_options: { link: new URL(n.data.url, options.publicBaseUrl).toString() },
        },
        android: { ttl: `${PUSH_TTL_S}s`, priority: 'high', notification: { tag: n.tag } },
      }
      let res: Response
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${await tokens.get()}` },
          body: JSON.stringify({ message }),
          signal: AbortSignal.any([AbortSignal.timeout(options.timeoutMs ?? 10_000), ...(signal ? [signal] : [])]),
        })
      } catch (err) {
        return { ok: false, error: `fcm: ${(err as Error).name}: ${(err as Error).message}`, retry: true }
      }
      if (res.ok) {
        await res.body?.cancel()
        return { ok: true }
      }
      const body = (await res.json().catch(() => null)) as FcmError | null
      const code = body?.error?.details?.find((d) => d.errorCode)?.errorCode ?? body?.error?.status ?? 'no status'
      const error = `fcm ${res.status} ${code}: ${body?.error?.message ?? 'no description'}`
      if (res.status === 404 || code === 'UNREGISTERED') return { ok: false, error, retry: false, gone: true }
      if (res.status === 401) tokens.forget()
      return { ok: false, error, retry: res.status === 401 || res.status === 429 || res.status >= 500 }
    },
  }
}
