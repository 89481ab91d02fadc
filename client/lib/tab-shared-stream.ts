/** The part of EventSource the unread count uses; a tab-shared stream offers the same. */
export interface UnreadSource {
  onopen: ((event: Event) => unknown) | null
  onerror: ((event: Event) => unknown) | null
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void
  close(): void
}

/** What sharing needs of the browser: Web Locks and BroadcastChannel (tests pass their own). */
export interface TabSharing {
  locks: Pick<LockManager, 'request'>
  channel: (name: string) => Pick<BroadcastChannel, 'postMessage' | 'close'> & {
    onmessage: ((event: MessageEvent) => void) | null
  }
  open: (url: string) => UnreadSource
}

type Message = { kind: 'event'; type: string; data: string } | { kind: 'hello' }

/**
 * One EventSource for all of a browser's tabs (docs/decisions/020-alerts-and-outbox.md, "Live
 * unread count"): the tab holding the Web Lock named after the stream opens it and tells the others
 * each event over a BroadcastChannel; when it closes or fails, the lock passes to a waiting tab,
 * which opens the stream in turn. A tab that joins says hello and hears the last event again.
 */
export function tabSharedSource(url: string, eventTypes: string[], sharing: TabSharing): UnreadSource {
  const listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>()
  const deliver = (type: string, data: string) => {
    for (const listener of listeners.get(type) ?? []) listener(new MessageEvent(type, { data }))
  }
  const channel = sharing.channel(`khaneh:${url}`)
  const held = new AbortController()
  let leading: UnreadSource | undefined
  let last: Message | undefined
  let release: (() => void) | undefined
  let closed = false

  const shared: UnreadSource = {
    onopen: null,
    onerror: null,
    addEventListener(type, listener) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener])
    },
    close() {
      if (closed) return
      closed = true
      held.abort()
      leading?.close()
      release?.()
      channel.close()
    },
  }

  channel.onmessage = ({ data }: MessageEvent<Message>) => {
    if (data.kind === 'hello') {
      if (leading && last) channel.postMessage(last)
    } else if (!leading) {
      deliver(data.type, data.data)
    }
  }
  channel.postMessage({ kind: 'hello' } satisfies Message)

  sharing.locks
    .request(`khaneh:${url}`, { signal: held.signal }, () => {
      if (closed) return
      const source = sharing.open(url)
      leading = source
      source.onopen = (event) => shared.onopen?.(event)
      // the store closes this shared source on an error, which lets the lock go to another tab
      source.onerror = (event) => shared.onerror?.(event)
      for (const type of eventTypes) {
        source.addEventListener(type, (event) => {
          last = { kind: 'event', type, data: event.data }
          channel.postMessage(last)
          deliver(type, event.data)
        })
      }
      return new Promise<void>((done) => (release = done))
    })
    .catch(() => {
      // aborted while waiting: this tab closed its stream before its turn came
    })
  return shared
}

/** The browser's own sharing, when it has both Web Locks and BroadcastChannel. */
export function browserTabSharing(): TabSharing | undefined {
  if (typeof navigator === 'undefined' || !navigator.locks || typeof BroadcastChannel === 'undefined') return undefined
  return {
    locks: navigator.locks,
    channel: (name) => new BroadcastChannel(name),
    open: (url) => new EventSource(url),
  }
}
