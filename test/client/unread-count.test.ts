import t from 'tap'
import { unreadBadgeText } from '../../client/features/layout/unread-badge.tsx'
import { reconnectDelay, unreadCountStore } from '../../client/lib/unread-count.ts'

t.test('the reconnect schedule: 1, 2, 5, then 10 s for good', async (t) => {
  t.same(
    Array.from({ length: 8 }, (_, i) => reconnectDelay(i + 1)),
    [1000, 2000, 5000, 10000, 10000, 10000, 10000, 10000],
  )
  t.equal(reconnectDelay(0), 1000, 'never shorter than the first wait')
  t.equal(reconnectDelay(1000), 10000)
})

t.test("the badge: hidden at 0 or unknown, the number in the page's digits, then 99+", async (t) => {
  t.equal(unreadBadgeText(null, 'en'), null)
  t.equal(unreadBadgeText(0, 'en'), null)
  t.equal(unreadBadgeText(1, 'en'), '1')
  t.equal(unreadBadgeText(99, 'en'), '99')
  t.equal(unreadBadgeText(100, 'en'), '99+')
  t.equal(unreadBadgeText(5000, 'de'), '99+')
  t.equal(unreadBadgeText(3, 'fa'), '۳')
  t.equal(unreadBadgeText(120, 'fa'), '۹۹+')
})

/** A stand-in for the browser's EventSource: the test opens, fails and feeds it. */
class FakeSource {
  closed = false
  onopen: (() => void) | null = null
  onerror: (() => void) | null = null
  private handlers: Array<(event: { data: string }) => void> = []
  constructor(readonly url: string) {}
  addEventListener(name: string, handler: (event: { data: string }) => void) {
    if (name === 'unread') this.handlers.push(handler)
  }
  close() {
    this.closed = true
  }
  emit(data: string) {
    for (const handler of this.handlers) handler({ data })
  }
}

t.test(
  'one EventSource per tab; on error it is closed and reopened on the schedule, which starts over after an open',
  async (t) => {
    const sources: FakeSource[] = []
    const waits: Array<{ ms: number; run: () => void }> = []
    const store = unreadCountStore({
      open: (url) => {
        const source = new FakeSource(url)
        sources.push(source)
        return source as unknown as EventSource
      },
      wait: (ms, run) => {
        waits.push({ ms, run })
        return setTimeout(() => {}, 0)
      },
      lifecycle: () => {},
    })
    const runWait = () => waits.shift()!.run()
    let told = 0
    const offA = store.subscribe(() => told++)
    const offB = store.subscribe(() => told++)
    t.equal(sources.length, 1, 'two readers, one connection')
    t.equal(sources[0]!.url, '/api/v1/alerts/notifications/stream')
    t.equal(store.snapshot(), null, 'unknown until the first event')

    sources[0]!.onopen?.()
    sources[0]!.emit('{"unread_count":3}')
    t.equal(store.snapshot(), 3)
    t.equal(told, 2, 'both readers told')
    sources[0]!.emit('not json')
    sources[0]!.emit('{"unread_count":-1}')
    t.equal(store.snapshot(), 3, 'a malformed event changes nothing')

    const delays: number[] = []
    for (let i = 0; i < 5; i++) {
      sources.at(-1)!.onerror?.()
      t.ok(sources.at(-1)!.closed, 'the failed source is closed (no browser retry)')
      delays.push(waits[0]!.ms)
      runWait()
    }
    t.same(delays, [1000, 2000, 5000, 10000, 10000])
    t.equal(sources.length, 6)

    sources.at(-1)!.onopen?.()
    sources.at(-1)!.onerror?.()
    t.equal(waits[0]!.ms, 1000, 'a connection that opened starts the schedule over')
    runWait()

    offA()
    offB()
    t.equal(waits.length, 1, 'the last reader gone: the stream lingers a moment for the next page')
    runWait()
    t.ok(sources.at(-1)!.closed, 'then closes')
    store.subscribe(() => {})
    t.equal(sources.length, 8, 'a new reader opens it again')
  },
)

t.test(
  'the stream is closed when the page is left and opened again when the back/forward cache restores it',
  async (t) => {
    const sources: FakeSource[] = []
    let leave = () => {}
    let back = () => {}
    const store = unreadCountStore({
      open: (url) => {
        const source = new FakeSource(url)
        sources.push(source)
        return source as unknown as EventSource
      },
      wait: () => setTimeout(() => {}, 0),
      lifecycle: (onLeave, onBack) => {
        leave = onLeave
        back = onBack
      },
    })
    back()
    t.equal(sources.length, 0, 'nobody reads it: a restored page opens nothing')
    const off = store.subscribe(() => {})
    t.equal(sources.length, 1)
    sources[0]!.onopen?.()
    sources[0]!.emit('{"unread_count":2}')

    leave()
    t.ok(sources[0]!.closed, 'left: closed (an open stream keeps a page out of the cache)')
    back()
    t.equal(sources.length, 2, 'restored with a reader: opened again')
    t.notOk(sources[1]!.closed)
    t.equal(store.snapshot(), 2, 'the last count shows until the new stream tells')
    back()
    t.equal(sources.length, 2, 'never two at once')

    off()
    leave()
    back()
    t.equal(sources.length, 2, 'no reader left: nothing is opened again')
  },
)
