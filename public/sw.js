// Khaneh's service worker: shows saved-search pushes and opens them (docs/decisions/020-alerts-and-outbox.md).
// Served from /sw.js with `cache-control: no-cache` so browsers pick up a new version at once.
'use strict'

const DEFAULTS = { title: 'New Notification', icon: '/logo.svg', badge: '/logo.svg' }

/** The push's JSON payload, its text as the body when it is not JSON, or an empty one without data. */
function payloadOf(event) {
  if (!event.data) return {}
  try {
    const value = event.data.json()
    return value && typeof value === 'object' ? value : {}
  } catch {
    return { body: event.data.text() }
  }
}

function optionsOf(payload) {
  const data = payload.data && typeof payload.data === 'object' ? payload.data : {}
  return {
    body: payload.body || '',
    icon: payload.icon || DEFAULTS.icon,
    badge: payload.badge || DEFAULTS.badge,
    tag: payload.tag || (data.listing_id ? `listing-${data.listing_id}` : 'default'),
    data,
    requireInteraction: payload.requireInteraction !== false,
    silent: false,
  }
}

self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

self.addEventListener('push', (event) => {
  const payload = payloadOf(event)
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      // a page in front shows it itself, and only when permission is granted
      const focused = windows.find((client) => client.focused)
      if (focused) {
        focused.postMessage({
          type: 'khaneh:push',
          payload: { ...payload, ...optionsOf(payload), title: payload.title || DEFAULTS.title },
        })
        return undefined
      }
      return self.registration.showNotification(payload.title || DEFAULTS.title, optionsOf(payload))
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const data = event.notification.data || {}
  const target = data.url ? new URL(data.url, self.location.origin).href : undefined
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const ours = windows.find((client) => new URL(client.url).origin === self.location.origin)
      if (ours) {
        const focused = await ours.focus()
        if (target && focused) await focused.navigate(target).catch(() => self.clients.openWindow(target))
        return undefined
      }
      return self.clients.openWindow(target || '/')
    }),
  )
})
