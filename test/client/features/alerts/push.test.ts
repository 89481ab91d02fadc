import { alertsApi } from '../../../../client/lib/api/alerts.ts'
import t, { type Test } from 'tap'
import {
  applicationServerKey,
  disablePush,
  enablePush,
  PUSH_REFRESH_MS,
  pushRefreshDue,
} from '../../../../client/features/alerts/push.ts'
import { createApi } from '../../../../client/lib/api/index.ts'
import { parseWire } from '../../../../client/lib/api/parse.ts'
import { buildTestApi, telegramSession } from '../../../helpers/build-api.ts'
import { vapidKeys } from '../../../helpers/fake-push-service.ts'
import { injectTransport } from '../../../helpers/page-context.ts'

t.test('a push subscription is sent again after 7 days', async (t) => {
  const now = Date.UTC(2026, 10, 24, 12)
  t.equal(PUSH_REFRESH_MS, 7 * 24 * 60 * 60 * 1000)
  t.equal(pushRefreshDue(null, now), true, 'never sent')
  t.equal(pushRefreshDue('', now), true)
  t.equal(pushRefreshDue('garbage', now), true, 'an unreadable time is sent again')
  t.equal(pushRefreshDue(String(now - 1000), now), false, 'sent a second ago')
  t.equal(pushRefreshDue(String(now - PUSH_REFRESH_MS + 1), now), false, 'just under 7 days')
  t.equal(pushRefreshDue(String(now - PUSH_REFRESH_MS), now), true, '7 days to the millisecond')
  t.equal(pushRefreshDue(String(now - 30 * PUSH_REFRESH_MS), now), true)
  t.equal(pushRefreshDue(String(now + 60_000), now), true, 'a time in the future (clock turned back)')
})

t.test('the VAPID public key becomes the bytes pushManager.subscribe takes', async (t) => {
  const raw = Buffer.from(Array.from({ length: 65 }, (_, i) => (i * 37) % 256))
  const key = raw.toString('base64url')
  t.match(key, /[-_]/, 'the key uses the URL-safe alphabet')
  t.same(Buffer.from(applicationServerKey(key)), raw)
})

/** A stand-in for one browser's Push API (permission granted): one subscription at a time, a new endpoint each time. */
function fakeBrowser(t: Test) {
  let next = 0
  let current: { endpoint: string; toJSON(): object; unsubscribe(): Promise<boolean> } | null = null
  const pushManager = {
    getSubscription: async () => current,
    subscribe: async () => {
      const endpoint = `https://push.example.test/send/${++next}`
      current = {
        endpoint,
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: `BP${next}`, auth: `au${next}` } }),
        unsubscribe: async () => {
          current = null
          return true
        },
      }
      return current
    },
  }
  const registration = { pushManager }
  const stored = new Map<string, string>()
  const globals = {
    window: globalThis,
    PushManager: class {},
    Notification: { permission: 'granted', requestPermission: async () => 'granted' },
    navigator: {
      serviceWorker: {
        register: async () => registration,
        ready: Promise.resolve(registration),
        getRegistration: async () => registration,
      },
    },
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    },
  }
  for (const [name, value] of Object.entries(globals)) {
    const before = Object.getOwnPropertyDescriptor(globalThis, name)
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true })
    t.teardown(() => {
      if (before) Object.defineProperty(globalThis, name, before)
      else Reflect.deleteProperty(globalThis, name)
    })
  }
  return { endpoint: () => current?.endpoint ?? null }
}

t.test(
  'a second account on the same browser gets a subscription of its own; turning off what the API no longer holds still turns it off',
  async (t) => {
    const { app, db } = await buildTestApi(t)
    const alice = await telegramSession(app, 4801)
    const bob = await telegramSession(app, 4802)
    const apiOf = (token: string) => alertsApi(createApi(injectTransport(app, token), { parse: parseWire }))
    const browser = fakeBrowser(t)
    const key = vapidKeys().publicKey
    const endpoints = async () =>
      db.query<{ user_id: number; endpoint: string }>(`SELECT user_id, endpoint FROM push_subscriptions ORDER BY id`)

    t.equal(await enablePush(key, apiOf(alice.token)), 'granted')
    const alices = browser.endpoint()!
    t.same(await endpoints(), [{ user_id: alice.user.id, endpoint: alices }])

    // bob signs in on this browser: alice's subscription stays hers, bob's browser gets a new one
    t.equal(await enablePush(key, apiOf(bob.token)), 'granted')
    const bobs = browser.endpoint()!
    t.not(bobs, alices, 'a fresh subscription')
    t.same(await endpoints(), [
      { user_id: alice.user.id, endpoint: alices },
      { user_id: bob.user.id, endpoint: bobs },
    ])

    // the API forgot bob's (a push service's 410): turning off still succeeds and unsubscribes the browser
    await db.query(`DELETE FROM push_subscriptions WHERE endpoint = $1`, [bobs])
    await disablePush(apiOf(bob.token))
    t.equal(browser.endpoint(), null, 'the browser is unsubscribed')
    t.same(await endpoints(), [{ user_id: alice.user.id, endpoint: alices }], "alice's is untouched")
  },
)
