// Apart from push.ts, which the push panel loads on demand: every page listens from the start.

/** A push's payload as the service worker forwards it to a focused page. */
interface ForegroundPush {
  title?: string
  body?: string
  icon?: string
  badge?: string
  tag?: string
  data?: { listing_id?: number; url?: string }
  requireInteraction?: boolean
}

/**
 * Listens for pushes the service worker hands to a focused page (public/sw.js): shown as a
 * notification only when permission is granted, else a console warning
 * (docs/decisions/020-alerts-and-outbox.md).
 */
export function listenForegroundPushes(): void {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator)) return
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const message: unknown = event.data
    if (!message || typeof message !== 'object' || Reflect.get(message, 'type') !== 'khaneh:push') return
    const payload = (Reflect.get(message, 'payload') ?? {}) as ForegroundPush
    if (!('Notification' in window) || Notification.permission !== 'granted') {
      console.warn('A notification arrived, but notifications are not permitted on this browser', payload.title)
      return
    }
    void navigator.serviceWorker.ready.then((worker) =>
      worker.showNotification(payload.title || 'New Notification', {
        body: payload.body,
        icon: payload.icon,
        badge: payload.badge,
        tag: payload.tag || 'default',
        data: payload.data ?? {},
        requireInteraction: payload.requireInteraction ?? true,
        silent: false,
      }),
    )
  })
}
