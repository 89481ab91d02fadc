import t from 'tap'
import { changeBus, type ChangeWire, type PublicChange } from '../../../server/lib/change-bus.ts'

/** A channel in memory that every bus of one site shares, as NOTIFY or Redis pub/sub would be; `drop` loses the connections. */
function channel() {
  const listeners = new Set<{ onMessage: (payload: string) => void; onResume: () => void }>()
  const wire = (): ChangeWire => ({
    send: async (payload) => {
      for (const listener of listeners) listener.onMessage(payload)
    },
    listen: async (onMessage, onResume) => {
      const listener = { onMessage, onResume }
      listeners.add(listener)
      return async () => void listeners.delete(listener)
    },
  })
  return {
    wire,
    send: (payload: string) => wire().send(payload),
    resume: () => listeners.forEach((l) => l.onResume()),
  }
}

const heardBy = (bus: ReturnType<typeof changeBus>) => {
  const heard: PublicChange[] = []
  bus.subscribe((change) => heard.push(change))
  return heard
}

t.test('a change is heard once by its own process, at once, and by every other', async (t) => {
  const site = channel()
  const a = changeBus(site.wire())
  const b = changeBus(site.wire())
  await Promise.all([a.ready, b.ready])
  const onA = heardBy(a)
  const onB = heardBy(b)
  a.publish({ listing: { id: 7, slug: 'river-flat' } })
  t.same(onA, [{ listing: { id: 7, slug: 'river-flat' } }], 'before publish returns, and not again from the channel')
  await new Promise((resolve) => setImmediate(resolve))
  t.same(onB, [{ listing: { id: 7, slug: 'river-flat' } }])
  b.publish({ allListings: true })
  await new Promise((resolve) => setImmediate(resolve))
  t.same(onA.at(-1), { allListings: true })
  t.equal(onB.length, 2)
  await Promise.all([a.close(), b.close()])
})

t.test('what is not a change is ignored; a connection back after a loss means every listing changed', async (t) => {
  const site = channel()
  const bus = changeBus(site.wire())
  await bus.ready
  const heard = heardBy(bus)
  await site.send('not json')
  await site.send(JSON.stringify({ from: 'elsewhere', change: { listing: { id: 'x' } } }))
  await site.send(JSON.stringify({ from: 'elsewhere', change: { something: true } }))
  t.same(heard, [])
  site.resume()
  t.same(heard, [{ allListings: true }], 'messages may have been missed meanwhile')
  await bus.close()
})

t.test('without a wire, changes stay in the process', async (t) => {
  const bus = changeBus(null)
  const heard = heardBy(bus)
  bus.publish({ listing: { id: 1, slug: 'a' } })
  t.same(heard, [{ listing: { id: 1, slug: 'a' } }])
  await bus.close()
})
