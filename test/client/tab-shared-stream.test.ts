import { setTimeout as sleep } from 'node:timers/promises'
import t from 'tap'
import { tabSharedSource, type TabSharing, type UnreadSource } from '../../client/lib/tab-shared-stream.ts'

/** Web Locks for one lock name, granted in order of asking, as the browser grants them among tabs. */
function fakeLocks(): TabSharing['locks'] {
  const queue: Array<() => Promise<void>> = []
  let busy = false
  const next = () => {
    const start = queue.shift()
    if (!start) return
    busy = true
    void start().finally(() => {
      busy = false
      next()
    })
  }
  const request = (_name: string, options: { signal?: AbortSignal }, callback: () => unknown) =>
    new Promise((resolve, reject) => {
      const start = async () => {
        try {
          resolve(await callback())
        } catch (err) {
          reject(err)
        }
      }
      options.signal?.addEventListener('abort', () => {
        const at = queue.indexOf(start)
        if (at < 0) return
        queue.splice(at, 1)
        reject(new DOMException('aborted', 'AbortError'))
      })
      queue.push(start)
      if (!busy) next()
    })
  return { request } as unknown as TabSharing['locks']
}

/** The browser's EventSource as the test drives it. */
class FakeSource implements UnreadSource {
  closed = false
  onopen: UnreadSource['onopen'] = null
  onerror: UnreadSource['onerror'] = null
  private handlers: Array<(event: MessageEvent<string>) => void> = []
  addEventListener(_type: string, handler: (event: MessageEvent<string>) => void) {
    this.handlers.push(handler)
  }
  close() {
    this.closed = true
  }
  emit(data: string) {
    for (const handler of this.handlers) handler(new MessageEvent('unread', { data }))
  }
}

t.test("one stream for all of a browser's tabs; the next tab takes over when its holder goes", async (t) => {
  const locks = fakeLocks()
  const opened: FakeSource[] = []
  const sharing: TabSharing = {
    locks,
    channel: (name) => new BroadcastChannel(name) as unknown as ReturnType<TabSharing['channel']>,
    open: () => {
      const source = new FakeSource()
      opened.push(source)
      return source
    },
  }
  const tabs: Array<{ source: UnreadSource; heard: string[] }> = []
  const openTab = () => {
    const tab = { source: tabSharedSource('/stream', ['unread'], sharing), heard: [] as string[] }
    tab.source.addEventListener('unread', (event) => tab.heard.push(event.data))
    tabs.push(tab)
    return tab
  }
  t.teardown(() => tabs.forEach((tab) => tab.source.close()))

  const [first, second, third] = [openTab(), openTab(), openTab()]
  await sleep(20)
  t.equal(opened.length, 1, 'three tabs, one EventSource')
  opened[0]!.emit('{"unread_count":2}')
  await sleep(20)
  t.same(
    [first.heard, second.heard, third.heard],
    [['{"unread_count":2}'], ['{"unread_count":2}'], ['{"unread_count":2}']],
    'every tab hears each event once',
  )

  const late = openTab()
  await sleep(20)
  t.same(late.heard, ['{"unread_count":2}'], 'a tab that joins hears the last event at once')
  t.equal(opened.length, 1)

  first.source.close()
  await sleep(20)
  t.ok(opened[0]!.closed, "the holder's stream closes with it")
  t.equal(opened.length, 2, 'and the next tab opens the one stream')
  opened[1]!.emit('{"unread_count":5}')
  await sleep(20)
  t.same([second.heard.at(-1), third.heard.at(-1), late.heard.at(-1)], Array(3).fill('{"unread_count":5}'))
  t.equal(first.heard.length, 1, 'a closed tab hears nothing more')

  third.source.close()
  await sleep(20)
  t.equal(opened.length, 2, 'a waiting tab that closes never opens one')
  second.source.close()
  await sleep(20)
  t.equal(opened.length, 3, 'the last tab open takes its turn')
  late.source.close()
  await sleep(20)
  t.ok(
    opened.every((source) => source.closed),
    'every stream closed with its tab',
  )
})
