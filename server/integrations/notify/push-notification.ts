import { DEFAULT_LOCALE, isLocaleCode, localizePath } from '../../../shared/locales.ts'
import type { NotificationPayload } from './notifier.ts'

/** A push notification: what a service worker shows (docs/decisions/020-alerts-and-outbox.md). */
export interface PushNotification {
  title: string
  body: string
  icon: string
  badge: string
  tag: string
  requireInteraction: true
  silent: false
  data: { listing_id: number; url: string }
}

/** The product's logo, the icon and badge of every notification. */
export const LOGO_PATH = '/logo.svg'

/** How long a push service keeps a notification for an offline device: a day-old listing is still news. */
export const PUSH_TTL_S = 24 * 60 * 60

/**
 * The notification of an outbox row: the alert's name (else 'New Notification'), "price · city"
 * (the city already in the user's language), the listing's localized path, the logo.
 */
export function pushNotification(payload: NotificationPayload, publicBaseUrl: string): PushNotification {
  const language = isLocaleCode(payload.language) ? payload.language : DEFAULT_LOCALE
  const logo = new URL(LOGO_PATH, publicBaseUrl).toString()
  return {
    title: payload.title.trim() || 'New Notification',
    body: [payload.price, payload.city].filter(Boolean).join(' · '),
    icon: logo,
    badge: logo,
    tag: payload.listing_id ? `listing-${payload.listing_id}` : 'default',
    requireInteraction: true,
    silent: false,
    data: { listing_id: payload.listing_id, url: localizePath(payload.url, language) },
  }
}
