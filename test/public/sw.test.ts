import { readFileSync } from 'node:fs'
import { runInNewContext } from 'node:vm'
import t from 'tap'

type Listener = (event: Record<string, unknown>) => void
const source = readFileSync(new URL('../../public/sw.js', import.meta.url), 'utf8')

/** public/sw.js in a worker-like global: its listeners, the notifications it shows, the windows it opens or moves. */
function worker(windows: { url: string; focused: boolean }[]) {
  const listeners = new Map<string, Listener>()
  const shown: { title: string; options: Record<string, unknown> }[] = []
  const opened: string[] = []
  const navigated: string[] = []
  const posted: unknown[] = []
  const clients = windows.map((w) => ({
    ...w,
    focus: async function (this: unknown) {
      return this
    },
    navigate: async (url: string) => {
      navigated.push(url)
    },
    postMessage: (message: unknown) => posted.push(message),
  }))
  const self = {
    location: new URL('https://khaneh.test/sw.js'),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: () => undefined,
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options })
      },
    },
    clients: {
      claim: async () => undefined,
      matchAll: async () => clients,
      openWindow: async (url: string) => {
        opened.push(url)
      },
    },
  }
  runInNewContext(source, { self, URL })
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let work: Promise<unknown> = Promise.resolve()
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) })
    await work
  }
  const push = (data: unknown) =>
    dispatch('push', {
      data:
        data === undefined
          ? null
          : {
              json: () => (typeof data === 'string' ? JSON.parse(data) : data),
              text: () => (typeof data === 'string' ? data : JSON.stringify(data)),
            },
    })
  return { shown, opened, navigated, posted, push, dispatch }
}

t.test('a push is shown from its payload, with defaults, when no page of the site has focus', async (t) => {
  const sw = worker([{ url: 'https://khaneh.test/en/listings', focused: false }])
  await sw.push({
    title: 'Berlin · up to €900',
    body: 'Private room, €800',
    data: { listing_id: 7, url: '/en/listing/x-7' },
  })
  t.same(sw.shown, [
    {
      title: 'Berlin · up to €900',
      options: {
        body: 'Private room, €800',
        icon: '/logo.svg',
        badge: '/logo.svg',
        tag: 'listing-7',
        data: { listing_id: 7, url: '/en/listing/x-7' },
        requireInteraction: true,
        silent: false,
      },
    },
  ])
  await sw.push({})
  t.match(sw.shown[1], { title: 'New Notification', options: { tag: 'default', body: '' } })
  await sw.push('not json')
  t.match(sw.shown[2], { title: 'New Notification', options: { body: 'not json' } })
  await sw.push({ title: 'T', tag: 'own', icon: '/i.png', requireInteraction: false })
  t.match(sw.shown[3], { options: { tag: 'own', icon: '/i.png', requireInteraction: false } })
  t.same(sw.posted, [])
})

t.test('with a page of the site in front, the push goes to that page (it shows it only when permitted)', async (t) => {
  const sw = worker([{ url: 'https://khaneh.test/dashboard/alerts', focused: true }])
  await sw.push({ title: 'New', data: { listing_id: 3 } })
  t.same(sw.shown, [])
  t.match(sw.posted, [{ type: 'khaneh:push', payload: { title: 'New', tag: 'listing-3', data: { listing_id: 3 } } }])
})

t.test('a click closes the notification, focuses a window of the site and moves it to data.url', async (t) => {
  const sw = worker([
    { url: 'https://elsewhere.test/', focused: false },
    { url: 'https://khaneh.test/en', focused: false },
  ])
  let closed = 0
  const notification = (data: unknown) => ({ data, close: () => closed++ })
  await sw.dispatch('notificationclick', { notification: notification({ url: '/en/listing/x-7' }) })
  t.equal(closed, 1)
  t.same(sw.navigated, ['https://khaneh.test/en/listing/x-7'])
  t.same(sw.opened, [])

  const none = worker([])
  await none.dispatch('notificationclick', { notification: notification({ url: 'https://khaneh.test/listing/y-8' }) })
  t.same(none.opened, ['https://khaneh.test/listing/y-8'], 'no window of the site: one is opened at the url')
  await none.dispatch('notificationclick', { notification: notification(null) })
  t.same(none.opened.at(-1), '/', 'no url: the home page')
  t.equal(closed, 3)
})
