// What the product's process holds, as its gateway's /metrics reports it (loopback only): resident
// memory, V8's used heap, and what the caches of answers weigh (docs/decisions/006-caches-and-their-lifetimes.md).

export interface Memory {
  rssMb: number
  heapMb: number
  /** The gateway's caches of answers and pages together, as they weigh themselves. */
  cachesMb: number
}

const MB = 1024 * 1024

/** The process's memory now, read from `${base}/metrics`. */
export async function memoryOf(base: string): Promise<Memory> {
  const text = await (await fetch(`${base}/metrics`)).text()
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN)
  let caches = 0
  for (const [, bytes] of text.matchAll(/^khaneh_cache_bytes\{cache="\w+"\} (\S+)$/gm)) caches += Number(bytes)
  return {
    rssMb: value('process_resident_memory_bytes') / MB,
    heapMb: value('nodejs_heap_size_used_bytes') / MB,
    cachesMb: caches / MB,
  }
}

/** `rss 123 MB, heap 45 MB, caches 6.0 MB`. */
export const showMemory = (m: Memory): string =>
  `rss ${m.rssMb.toFixed(0)} MB, heap ${m.heapMb.toFixed(0)} MB, caches ${m.cachesMb.toFixed(1)} MB`
