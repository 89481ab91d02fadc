import { alertsApi } from '../../lib/api/alerts.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { ApiError } from '../../lib/api/call.ts'

/** A browser's push subscription is sent again after this long (docs/decisions/020-alerts-and-outbox.md). */
export const PUSH_REFRESH_MS = 7 * 24 * 60 * 60 * 1000
/** Where the time of the last sent subscription is kept (milliseconds since the epoch). */
export const PUSH_REFRESHED_KEY = 'khaneh.push.refreshedAt'

/** Whether a subscription last sent at `refreshedAt` (ms, or nothing/garbage) is due to be sent again at `now`. */
export function pushRefreshDue(refreshedAt: string | null | undefined, now: number): boolean {
  const at = Number(refreshedAt)
  if (!refreshedAt || !Number.isFinite(at) || at <= 0) return true
  // a clock turned back leaves a time in the future: send again rather than trust it
  return now - at >= PUSH_REFRESH_MS || at > now
}

/** What the browser offers: no Push API, asked and refused, never asked, or allowed. */
export type PushPermission = 'unsupported' | 'denied' | 'default' | 'granted'

export function pushPermission(): PushPermission {
  if (typeof window === 'undefined') return 'unsupported'
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported'
  return Notification.permission
}

/** The VAPID public key (base64url) as the bytes pushManager.subscribe() takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  const bytes = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i)
  return bytes
}

/** The site's service worker (public/sw.js, root scope), registered once. */
async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js', { scope: '/' })
  return navigator.serviceWorker.ready
}

/** The calls of the alerts API these functions make (the browser's, or a test's). */
export type PushApi = Pick<ReturnType<typeof alertsApi>, 'subscribePush' | 'unsubscribePush'>

async function send(subscription: PushSubscription, api: PushApi): Promise<void> {
  const json = subscription.toJSON()
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth)
    throw new Error('The browser gave an incomplete subscription')
  await api.subscribePush({
    endpoint: json.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
  })
  localStorage.setItem(PUSH_REFRESHED_KEY, String(Date.now()))
}

/** This browser's current push subscription, if any (without asking for anything). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushPermission() === 'unsupported') return null
  const found = await navigator.serviceWorker.getRegistration('/')
  return (await found?.pushManager.getSubscription()) ?? null
}

/**
 * Asks for permission (only ever called from the reader's own press on "Notify me"), subscribes
 * this browser and sends the subscription to the API. Answers the permission it ended with.
 */
export async function enablePush(
  vapidPublicKey: string,
  api: PushApi = alertsApi(browserApi()),
): Promise<PushPermission> {
  if (pushPermission() === 'unsupported') return 'unsupported'
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') return permission
  const worker = await registration()
  const options = { userVisibleOnly: true, applicationServerKey: applicationServerKey(vapidPublicKey) }
  const subscription = (await worker.pushManager.getSubscription()) ?? (await worker.pushManager.subscribe(options))
  try {
    await send(subscription, api)
  } catch (err) {
    if (!(err instanceof ApiError && err.code === 'CONFLICT')) throw err
    // another account signed in on this browser registered it first and keeps it
    // (docs/decisions/020-alerts-and-outbox.md): this account gets a subscription of its own
    await subscription.unsubscribe()
    await send(await worker.pushManager.subscribe(options), api)
  }
  return 'granted'
}

/** Unsubscribes this browser and tells the API to forget it. */
export async function disablePush(api: PushApi = alertsApi(browserApi())): Promise<void> {
  const subscription = await currentSubscription()
  if (!subscription) return
  const { endpoint } = subscription
  await subscription.unsubscribe()
  localStorage.removeItem(PUSH_REFRESHED_KEY)
  await api.unsubscribePush(endpoint).catch((err: unknown) => {
    // 404: the API holds nothing of this account's by that endpoint, so nothing is left to forget
    if (!(err instanceof ApiError && err.code === 'NOT_FOUND')) throw err
  })
}

/** Sends the subscription again when it was last sent 7 days ago or more; quiet when there is none. */
export async function refreshPushIfDue(api: PushApi = alertsApi(browserApi())): Promise<void> {
  if (pushPermission() !== 'granted') return
  if (!pushRefreshDue(localStorage.getItem(PUSH_REFRESHED_KEY), Date.now())) return
  const subscription = await currentSubscription()
  if (subscription) await send(subscription, api)
}
