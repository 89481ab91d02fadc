/** What a run of requests through the balancer saw. */
export interface LoadResult {
  total: number
  /** Requests answered before `during` settled, and after. */
  before: number
  after: number
  /** Answers of 5xx and requests that got no answer, as `status path` or `error path: message`. */
  failures: string[]
  /** What `during` resolved with. */
  during: unknown
}

/**
 * `concurrency` loops of GET requests over `paths` (in turn) through `base` for `durationMs`, while
 * `during` runs (a process stopped under them). Every answer is read to its end, as a browser does.
 */
export async function underLoad<T>(
  base: string,
  paths: string[],
  { concurrency, durationMs }: { concurrency: number; durationMs: number },
  during: () => Promise<T>,
): Promise<LoadResult & { during: T }> {
  const failures: string[] = []
  let total = 0
  let before = 0
  let settled = false
  const end = Date.now() + durationMs
  let next = 0
  const loop = async () => {
    while (Date.now() < end) {
      const path = paths[next++ % paths.length]!
      try {
        const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'br, gzip' } })
        const body = await res.text()
        if (res.status >= 500) failures.push(`${res.status} ${path}: ${body.slice(0, 200)}`)
      } catch (err) {
        failures.push(`error ${path}: ${(err as Error).message} ${String((err as Error).cause ?? '')}`)
      }
      total++
      if (!settled) before++
    }
  }
  const loops = Array.from({ length: concurrency }, loop)
  const outcome = await during()
  settled = true
  await Promise.all(loops)
  return { total, before, after: total - before, failures, during: outcome }
}
