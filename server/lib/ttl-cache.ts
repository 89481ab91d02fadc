/** A small in-memory cache with a time to live and a size cap (oldest entry evicted first). */
export class TtlCache<V> {
  readonly #entries = new Map<string, { value: V; expires: number }>()
  /** Computations in flight; one marked stale was started before its key was forgotten, and is not stored. */
  readonly #pending = new Map<string, { promise: Promise<V>; stale: boolean }>()
  readonly #ttlMs: number
  readonly #maxEntries: number

  constructor(ttlMs: number, maxEntries = 500) {
    this.#ttlMs = ttlMs
    this.#maxEntries = maxEntries
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    if (entry.expires <= Date.now()) {
      this.#entries.delete(key)
      return undefined
    }
    return entry.value
  }

  set(key: string, value: V): void {
    if (this.#ttlMs <= 0) return
    this.#entries.delete(key)
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value
      if (oldest !== undefined) this.#entries.delete(oldest)
    }
    this.#entries.set(key, { value, expires: Date.now() + this.#ttlMs })
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
    for (const key of this.#entries.keys()) if (matches(key)) this.#entries.delete(key)
    for (const [key, flight] of this.#pending) {
      if (!matches(key)) continue
      flight.stale = true
      this.#pending.delete(key)
    }
  }

  /** Forgets one key (and its computation in flight). */
  delete(key: string): void {
    this.#entries.delete(key)
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
