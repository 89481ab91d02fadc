/** A bound on what the entries of a cache weigh together (bytes, say), with how to weigh one. */
export interface CacheWeight<V> {
  max: number
  of: (value: V) => number
}

/**
 * A small in-memory cache with a time to live and a size cap: the least recently used entry is
 * evicted first, when there are too many or (with a `weight`) when they weigh too much together.
 */
export class TtlCache<V> {
  readonly #entries = new Map<string, { value: V; expires: number; weight: number }>()
  /** Computations in flight; one marked stale was started before its key was forgotten, and is not stored. */
  readonly #pending = new Map<string, { promise: Promise<V>; stale: boolean }>()
  readonly #ttlMs: number
  readonly #maxEntries: number
  readonly #weight: CacheWeight<V> | undefined
  #total = 0

  constructor(ttlMs: number, maxEntries = 500, weight?: CacheWeight<V>) {
    this.#ttlMs = ttlMs
    this.#maxEntries = maxEntries
    this.#weight = weight
  }

  /** How many entries are kept (expired ones included until they are next read or evicted). */
  get size(): number {
    return this.#entries.size
  }

  /** What the kept entries weigh together (0 without a `weight`). */
  get weight(): number {
    return this.#total
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
    const weight = this.#weight?.of(value) ?? 0
    if (this.#weight && weight > this.#weight.max) return
    while (
      this.#entries.size > 0 &&
      (this.#entries.size >= this.#maxEntries || (this.#weight && this.#total + weight > this.#weight.max))
    ) {
      this.#remove(this.#entries.keys().next().value!)
    }
    this.#entries.set(key, { value, expires: Date.now() + this.#ttlMs, weight })
    this.#total += weight
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

  /** Forgets the entries whose key matches, and the computations in flight for them. */
  deleteWhere(matches: (key: string) => boolean): void {
    for (const key of this.#entries.keys()) if (matches(key)) this.#remove(key)
    for (const [key, flight] of this.#pending) {
      if (!matches(key)) continue
      flight.stale = true
      this.#pending.delete(key)
    }
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
}
