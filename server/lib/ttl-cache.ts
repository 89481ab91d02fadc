/** What a cache keeps: how long, and how many bytes all its entries may weigh together. */
export interface TtlCacheOptions<V> {
  /** How long an entry is kept; 0 keeps nothing, Infinity keeps it until it is evicted or forgotten. */
  ttlMs: number
  /** What the entries may weigh together, their keys included. */
  maxBytes: number
  /** What one value holds in memory, in bytes: an estimate on the high side (`textBytes` for text). */
  weigh: (value: V) => number
  /** A bound on the number of entries as well (none unless set). */
  maxEntries?: number
}

/** What an entry costs beyond its key and value: the map's slot, the entry's record. */
export const ENTRY_OVERHEAD_BYTES = 100

/** What a string holds in memory at most: two bytes a character (V8 keeps text with any character past Latin-1, Persian say, in two-byte form). */
export const textBytes = (text: string): number => 2 * text.length

/** How often expired entries are swept: every lifetime, within these bounds. */
const sweepEveryMs = (ttlMs: number): number => Math.min(Math.max(ttlMs, 1_000), 60_000)

/**
 * A small in-memory cache with a time to live and a bound in bytes: the least recently used entry is
 * evicted first when they weigh too much together (or are too many), and expired entries are swept
 * while anything is kept (docs/decisions/006-caches-and-their-lifetimes.md).
 */
export class TtlCache<V> {
  readonly #entries = new Map<string, { value: V; expires: number; weight: number }>()
  /** Computations in flight; one marked stale was started before its key was forgotten, and is not stored. */
  readonly #pending = new Map<string, { promise: Promise<V>; stale: boolean }>()
  readonly #ttlMs: number
  readonly #maxBytes: number
  readonly #maxEntries: number
  readonly #weigh: (value: V) => number
  #total = 0
  /** Runs only while entries are kept, and never keeps the process alive. */
  #sweeper: NodeJS.Timeout | undefined

  constructor(options: TtlCacheOptions<V>) {
    this.#ttlMs = options.ttlMs
    this.#maxBytes = options.maxBytes
    this.#maxEntries = options.maxEntries ?? Infinity
    this.#weigh = options.weigh
  }

  /** How many entries are kept (an expired one until the next sweep, at most one lifetime, or a minute, later). */
  get size(): number {
    return this.#entries.size
  }

  /** What the kept entries weigh together, in bytes. */
  get weight(): number {
    return this.#total
  }

  /** The most the entries may weigh together. */
  get maxBytes(): number {
    return this.#maxBytes
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    this.#entries.delete(key)
    if (entry.expires <= Date.now()) {
      this.#total -= entry.weight
      return undefined
    }
    this.#entries.set(key, entry) // the most recently used now
    return entry.value
  }

  set(key: string, value: V): void {
    if (this.#ttlMs <= 0) return
    this.#remove(key)
    const weight = ENTRY_OVERHEAD_BYTES + textBytes(key) + this.#weigh(value)
    if (weight > this.#maxBytes) return
    while (
      this.#entries.size > 0 &&
      (this.#entries.size >= this.#maxEntries || this.#total + weight > this.#maxBytes)
    ) {
      this.#remove(this.#entries.keys().next().value!)
    }
    this.#entries.set(key, { value, expires: Date.now() + this.#ttlMs, weight })
    this.#total += weight
    this.#startSweeping()
  }

  /** Drops the expired entries now (the sweeper does it on its own; tests call it). */
  sweep(now = Date.now()): void {
    for (const [key, entry] of this.#entries) if (entry.expires <= now) this.#remove(key)
    if (this.#entries.size === 0) this.#stopSweeping()
  }

  #startSweeping(): void {
    if (this.#sweeper || !Number.isFinite(this.#ttlMs)) return
    this.#sweeper = setInterval(() => this.sweep(), sweepEveryMs(this.#ttlMs))
    this.#sweeper.unref()
  }

  #stopSweeping(): void {
    clearInterval(this.#sweeper)
    this.#sweeper = undefined
  }

  #remove(key: string): void {
    const entry = this.#entries.get(key)
    if (!entry) return
    this.#entries.delete(key)
    this.#total -= entry.weight
  }

  /**
   * Returns the cached value or computes, stores and returns it; concurrent misses share one
   * computation. `keep` decides whether a computed value is stored (default: always).
   */
  wrap(key: string, compute: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const hit = this.get(key)
    if (hit !== undefined) return Promise.resolve(hit)
    const inFlight = this.#pending.get(key)
    if (inFlight) return inFlight.promise
    const flight = { stale: false } as { promise: Promise<V>; stale: boolean }
    flight.promise = compute()
      .then((value) => {
        // a value read before its key was forgotten (a write in between) is answered, never stored
        if (!flight.stale && keep(value)) this.set(key, value)
        return value
      })
      .finally(() => {
        if (this.#pending.get(key) === flight) this.#pending.delete(key)
      })
    this.#pending.set(key, flight)
    return flight.promise
  }

  /** Forgets the entries that match (by key, or by value), and the computations in flight that match (by key; no value yet). */
  deleteWhere(matches: (key: string, value: V | undefined) => boolean): void {
    for (const [key, entry] of this.#entries) if (matches(key, entry.value)) this.#remove(key)
    for (const [key, flight] of this.#pending) {
      if (!matches(key, undefined)) continue
      flight.stale = true
      this.#pending.delete(key)
    }
    if (this.#entries.size === 0) this.#stopSweeping()
  }

  /** Forgets one key (and its computation in flight). */
  delete(key: string): void {
    this.#remove(key)
    const flight = this.#pending.get(key)
    if (!flight) return
    flight.stale = true
    this.#pending.delete(key)
  }

  /** Forgets everything, computations in flight included. */
  clear(): void {
    this.deleteWhere(() => true)
  }

  /** What it holds, for /metrics and tests. */
  stats(): { entries: number; bytes: number; maxBytes: number } {
    return { entries: this.#entries.size, bytes: this.#total, maxBytes: this.#maxBytes }
  }
}
