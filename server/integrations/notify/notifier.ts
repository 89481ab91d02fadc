/**
 * The delivery port of alerts (docs/decisions/020-alerts-and-outbox.md): one sender per outbox
 * channel. The outbox worker hands each claimed row's payload to the sender of its channel.
 */

/** What the matching statement writes into an outbox row (server/api/alerts/alerts.repo.ts matchListing). Never the owner's contact. */
export interface NotificationPayload {
  alert_id: number
  listing_id: number
  /** The alert's name. */
  title: string
  city: string | null
  /** The rent as the recipient's language shows it ("€800", "۴۸٬۰۰۰٬۰۰۰ ریال"); null for a negotiable rent. */
  price: string | null
  /** The listing's path without a locale prefix (shared/seo.ts listingPath). */
  url: string
  language: string
  /** `listing-{id}`: one notification per listing on a device. */
  tag: string
  /** Telegram: the chat to write to (the user's Telegram id). */
  chat_id?: string
  /** Web Push / FCM: the push_subscriptions row. */
  subscription_id?: number
  /** Web Push / FCM: that row as it is when the outbox row is claimed (not stored in the outbox). */
  subscription?: PushTarget
}

/** A push_subscriptions row: a Web Push endpoint with its keys, or an FCM registration token (`endpoint`). */
export interface PushTarget {
  endpoint: string
  p256dh: string | null
  auth: string | null
}

/** An `email` outbox row: one user's daily digest (server/api/alerts/digest.repo.ts writeDigests). Never a contact. */
export interface DigestPayload {
  to: string
  language: string
  /** The UTC day (YYYY-MM-DD) whose matches it holds. */
  day: string
  /** `rent` in major units of `currency`, formatted for the reader when the mail is written; `price`: rows written before. */
  matches: Array<{
    alert: string
    rent?: string | null
    currency?: string
    price?: string | null
    city: string | null
    url: string
  }>
}

export type SendResult =
  | { ok: true }
  /** `retry`: a passing failure (network, 429, 5xx); otherwise the row is parked at once. `gone`: the push subscription no longer exists (404/410). */
  | { ok: false; error: string; retry: boolean; gone?: boolean }

export type OutboxChannel = 'telegram' | 'web_push' | 'fcm' | 'email'

export interface NotificationSender<P = NotificationPayload> {
  readonly channel: OutboxChannel
  send(payload: P, signal?: AbortSignal): Promise<SendResult>
}

/** Any channel's sender: the alert senders, or the digest's e-mail sender. */
export type OutboxSender = NotificationSender | NotificationSender<DigestPayload>
