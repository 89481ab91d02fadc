import { useSyncExternalStore } from 'react'
import { API_PREFIX, UNREAD_STREAM_PATH } from '../../shared/paths.ts'
import { UNREAD_EVENT } from '../../shared/alert-options.ts'
import type { UnreadCount } from '../../shared/schemas/alert.ts'
import { browserTabSharing, tabSharedSource, type UnreadSource } from './tab-shared-stream.ts'

/** The waits before reconnecting after the 1st, 2nd, 3rd and every later failure in a row (docs/decisions/020-alerts-and-outbox.md). */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const

/** The wait before reconnection number `failures` (1-based: the first failure waits 1 s), staying at 10 s. */
export function reconnectDelay(failures: number): number {
  const index = Math.min(Math.max(failures, 1), RECONNECT_DELAYS_MS.length) - 1
  return RECONNECT_DELAYS_MS[index]!
}

/** The stream shared by the browser's tabs where it can be (tab-shared-stream.ts), else this tab's own. */
function openShared(url: string): UnreadSource {
  const sharing = browserTabSharing()
  return sharing ? tabSharedSource(url, [UNREAD_EVENT], sharing) : new EventSource(url)
}

/** How long the stream outlives its last reader (a navigation unmounts one header and mounts the next). */
const LINGER_MS = 1_000

/**
 * Calls `leave` when the page is hidden for good or kept in the back/forward cache, and `back`
 * when the cache restores it (docs/decisions/038-pages-and-the-back-forward-cache.md).
 */
function pageLifecycle(leave: () => void, back: () => void): void {
  addEventListener('pagehide', leave)
  addEventListener('pageshow', (event) => {
    if (event.persisted) back()
  })
}

/**
 * The signed-in user's live unread count, shared by every component of the tab over ONE EventSource
 * on the gateway's stream, itself shared by the browser's tabs where it can be (docs/decisions/020-alerts-and-outbox.md, "Live unread count"). The browser's
 * own retry is not used: on an error the source is closed and opened again after `reconnectDelay`,
 * the schedule starting over once a connection opens. It runs while at least one component reads it
 * and the page is shown: it is closed when the page is left (an open stream, its Web Lock or its
 * BroadcastChannel would keep the page out of the back/forward cache) and opened again when the
 * cache restores the page.
 */
export function unreadCountStore(
  io: {
    open: (url: string) => UnreadSource
    wait: (ms: number, then: () => void) => ReturnType<typeof setTimeout>
    lifecycle: (leave: () => void, back: () => void) => void
  } = { open: openShared, wait: (ms, then) => setTimeout(then, ms), lifecycle: pageLifecycle },
) {
  let count: number | null = null
  let source: UnreadSource | undefined
  let retry: ReturnType<typeof setTimeout> | undefined
  let linger: ReturnType<typeof setTimeout> | undefined
  let failures = 0
  const readers = new Set<() => void>()

  const publish = (next: number | null) => {
    if (next === count) return
    count = next
    for (const notify of readers) notify()
  }

  function connect() {
    retry = undefined
    const es = io.open(`${API_PREFIX}${UNREAD_STREAM_PATH}`)
    source = es
    es.onopen = () => {
      failures = 0
    }
    es.addEventListener(UNREAD_EVENT, (event) => {
      try {
        // a plain check rather than the schema: zod stays out of every page's JavaScript (docs/decisions/012-wire-contract.md)
        const count = (JSON.parse((event as MessageEvent<string>).data) as Partial<UnreadCount> | null)?.unread_count
        if (Number.isInteger(count) && count! >= 0) publish(count!)
      } catch {
        // not JSON: keep the last count
      }
    })
    es.onerror = () => {
      es.close()
      if (source !== es) return
      source = undefined
      failures++
      retry = io.wait(reconnectDelay(failures), connect)
    }
  }

  function stop() {
    linger = undefined
    source?.close()
    source = undefined
    if (retry) clearTimeout(retry)
    retry = undefined
    failures = 0
  }

  io.lifecycle(
    () => {
      if (linger) clearTimeout(linger)
      stop()
    },
    () => {
      if (readers.size > 0 && !source && !retry) connect()
    },
  )

  return {
    subscribe(notify: () => void): () => void {
      readers.add(notify)
      if (linger) clearTimeout(linger)
      linger = undefined
      if (!source && !retry) connect()
      return () => {
        readers.delete(notify)
        if (readers.size === 0) linger = io.wait(LINGER_MS, stop)
      }
    },
    snapshot: () => count,
  }
}

let store: ReturnType<typeof unreadCountStore> | undefined
const noSubscription = () => () => {}
const serverSnapshot = () => null

/**
 * The live unread count, or null before it is known (always null while rendering on the server).
 * Connects only in the browser and only when `signedIn`.
 */
export function useUnreadCount(signedIn: boolean): number | null {
  const live = signedIn && typeof window !== 'undefined' && typeof EventSource !== 'undefined'
  if (live) store ??= unreadCountStore()
  return useSyncExternalStore(
    live ? store!.subscribe : noSubscription,
    live ? store!.snapshot : serverSnapshot,
    serverSnapshot,
  )
}
