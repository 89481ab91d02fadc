/** A small in-memory cache with a time to live and a size cap (oldest entry evicted first). */
export class TtlCache<V> {
  readonly #entries = new Map<string, { value: V; expires: number }>()
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

  /** Returns the cached value or computes, stores and returns it; concurrent misses share one computation. */
  async wrap(key: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.get(key)
    if (hit !== undefined) return hit
    let pending = this.#pending.get(key)
    if (!pending) {
      pending = compute().finally(() => this.#pending.delete(key))
      this.#pending.set(key, pending)
    }
    const value = await pending
    this.set(key, value)
    return value
  }

  clear(): void {
    this.#entries.clear()
  }

  readonly #pending = new Map<string, Promise<V>>()
}
