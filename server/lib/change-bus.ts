import { randomUUID } from 'node:crypto'

/** A listing as its public reads name it: by id or by slug. */
export interface ListingRef {
  id: number
  slug: string
}

/** What a write changed of what the public sees: one listing, or every listing (an expiry sweep, an account's deletion). */
export type PublicChange = { listing: ListingRef } | { allListings: true }

/** What a cache of public data needs: to hear of every change, this process's and every other's. */
export interface ChangeFeed {
  /** Calls `listener` with every change, until the function returned is called. */
  subscribe(listener: (change: PublicChange) => void): () => void
}

/** How changes travel between processes: a channel every process publishes to and listens on. */
export interface ChangeWire {
  send(payload: string): Promise<void>
  /** Listens; `onResume` when the connection came back after a loss (changes may have been missed). Resolves to a stop. */
  listen(onMessage: (payload: string) => void, onResume: () => void): Promise<() => Promise<void>>
  /** Lets go of what sending holds (a connection of its own), if anything. */
  close?(): void
}

export interface ChangeBus extends ChangeFeed {
  /** A write committed: this process's caches hear of it now, every other process's within milliseconds. */
  publish(change: PublicChange): void
  /** Resolves once this process listens (a change published after it reaches it). */
  ready: Promise<void>
  close(): Promise<void>
}

interface Wired {
  /** The process that published: it heard the change when it published it. */
  from: string
  change: PublicChange
}

const isChange = (value: unknown): value is PublicChange => {
  const change = value as { listing?: { id?: unknown; slug?: unknown }; allListings?: unknown } | null
  if (change?.allListings === true) return true
  return typeof change?.listing?.id === 'number' && typeof change.listing.slug === 'string'
}

/**
 * The one way the caches of public data hear of writes, in every process
 * (docs/decisions/006-caches-and-their-lifetimes.md): a change is told to this process's listeners at
 * once and sent on `wire` (PostgreSQL NOTIFY, or Redis pub/sub when REDIS_URL is set) to every other
 * process, whose listeners hear it when it arrives. Without a wire, changes stay in this process.
 * A listener that missed changes (the connection was lost) hears that every listing changed.
 */
export function changeBus(
  wire: ChangeWire | null,
  log: (message: string, err?: unknown) => void = () => {},
): ChangeBus {
  const self = randomUUID()
  const listeners = new Set<(change: PublicChange) => void>()
  const tell = (change: PublicChange) => {
    for (const listener of listeners) listener(change)
  }
  const received = (payload: string) => {
    let wired: Wired
    try {
      wired = JSON.parse(payload) as Wired
    } catch {
      return
    }
    if (wired.from !== self && isChange(wired.change)) tell(wired.change)
  }
  const listening = wire ? wire.listen(received, () => tell({ allListings: true })) : Promise.resolve(async () => {})
  const ready = listening.then(
    () => undefined,
    (err: unknown) => log('changes.listen_failed', err),
  )
  return {
    ready,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    publish(change) {
      tell(change)
      // other processes keep their short lifetimes as the bound should this fail
      wire?.send(JSON.stringify({ from: self, change } satisfies Wired)).catch((err: unknown) => {
        log('changes.publish_failed', err)
      })
    },
    async close() {
      listeners.clear()
      const stop = await listening.catch(() => undefined)
      await stop?.().catch(() => {})
      wire?.close?.()
    },
  }
}

/** The channel of a database's NOTIFYs, or a Redis channel: every process of one site uses the same. */
export const CHANGES_CHANNEL = 'khaneh_public_changes'

/** Changes over PostgreSQL (or PGlite) NOTIFY on `channel`, through the database's own LISTEN connection. */
export function databaseWire(
  db: {
    query(sql: string, params?: unknown[]): Promise<unknown>
    listen(channel: string, onNotify: (payload: string) => void, onResume?: () => void): Promise<() => Promise<void>>
  },
  channel = CHANGES_CHANNEL,
): ChangeWire {
  return {
    send: async (payload) => {
      await db.query('SELECT pg_notify($1, $2)', [channel, payload])
    },
    listen: (onMessage, onResume) => db.listen(channel, onMessage, onResume),
  }
}

/** Changes over Redis pub/sub on `channel`: one connection to publish, one to listen (ioredis re-subscribes after a loss). */
export function redisWire(url: string, channel = CHANGES_CHANNEL): ChangeWire {
  const options = { lazyConnect: true, connectTimeout: 2_000, maxRetriesPerRequest: 1 }
  // ioredis is loaded only by a process given REDIS_URL (docs/decisions/035-memory-of-one-process.md)
  const loaded = import('ioredis')
  const publisher = loaded.then(({ Redis }) => {
    const connection = new Redis(url, options)
    connection.on('error', () => {})
    return connection
  })
  return {
    send: async (payload) => {
      await (await publisher).publish(channel, payload)
    },
    async listen(onMessage, onResume) {
      const { Redis } = await loaded
      const subscriber = new Redis(url, options)
      let lost = false
      subscriber.on('error', () => {})
      subscriber.on('close', () => (lost = true))
      subscriber.on('ready', () => {
        if (!lost) return
        lost = false
        onResume()
      })
      subscriber.on('message', (from: string, payload: string) => {
        if (from === channel) onMessage(payload)
      })
      try {
        await subscriber.connect()
        await subscriber.subscribe(channel)
      } catch (err) {
        subscriber.disconnect()
        throw err
      }
      return async () => subscriber.disconnect()
    },
    close: () => {
      void publisher.then((connection) => connection.disconnect())
    },
  }
}
