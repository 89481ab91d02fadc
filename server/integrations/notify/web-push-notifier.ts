import { createRequire } from 'node:module'
import type webpush from 'web-push'
import { postToEndpoint, RefusedEndpointError } from './push-endpoint.ts'
import { pushNotification, PUSH_TTL_S } from './push-notification.ts'
import type { NotificationSender, SendResult } from './notifier.ts'

export interface WebPushNotifierOptions {
  /** The VAPID key pair (base64url: the uncompressed public point, the private scalar) and its contact. */
  vapid: { publicKey: string; privateKey: string; subject: string }
  /** PUBLIC_BASE_URL: the logo's absolute URL. */
  publicBaseUrl: string
  /** Tests only: endpoints on loopback / private addresses and plain http (WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS). */
  allowPrivateEndpoints?: boolean
  timeoutMs?: number
}

const require = createRequire(import.meta.url)
let push: typeof webpush | undefined

/**
 * Alert notifications to browsers' Web Push subscriptions (RFC 8030/8291/8292): `web-push` encrypts
 * the payload (aes128gcm) and signs the VAPID JWT; the POST is ours, bounded in time and refused to
 * private addresses (push-endpoint.ts). 2xx sent; 404/410 gone (the worker deletes the
 * subscription); 429, 5xx and network failures are tried again; any other answer parks the row.
 */
export function webPushNotifier(options: WebPushNotifierOptions): NotificationSender {
  return {
    channel: 'web_push',
    async send(payload, signal): Promise<SendResult> {
      const subscription = payload.subscription
      if (!subscription?.p256dh || !subscription.auth)
        return { ok: false, error: 'web push: no subscription keys', retry: false }
      // web-push (and its JWT and ASN.1 modules) is loaded on the first push, not at start (docs/decisions/035-memory-of-one-process.md)
      push ??= require('web-push') as typeof webpush
      let request: ReturnType<typeof webpush.generateRequestDetails>
      try {
        request = push.generateRequestDetails(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          JSON.stringify(pushNotification(payload, options.publicBaseUrl)),
          { vapidDetails: options.vapid, TTL: PUSH_TTL_S, urgency: 'high', contentEncoding: 'aes128gcm' },
        )
      } catch (err) {
        // a malformed key or endpoint stays malformed
        return { ok: false, error: `web push: ${(err as Error).message}`, retry: false }
      }
      let answer: { status: number; text: string }
      try {
        answer = await postToEndpoint(request.endpoint, {
          headers: request.headers as Record<string, string | number>,
          body: request.body as Buffer,
          timeoutMs: options.timeoutMs ?? 10_000,
          signal,
          allowPrivate: options.allowPrivateEndpoints ?? false,
        })
      } catch (err) {
        if (err instanceof RefusedEndpointError) return { ok: false, error: `web push: ${err.message}`, retry: false }
        return { ok: false, error: `web push: ${(err as Error).name}: ${(err as Error).message}`, retry: true }
      }
      const { status, text } = answer
      if (status >= 200 && status < 300) return { ok: true }
      const error = `web push ${status}: ${text.replace(/\s+/g, ' ').trim() || 'no description'}`
      if (status === 404 || status === 410) return { ok: false, error, retry: false, gone: true }
      return { ok: false, error, retry: status === 429 || status >= 500 }
    },
  }
}
