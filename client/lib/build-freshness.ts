// Build freshness (docs/decisions/043-build-freshness.md): every hour, and on focus once an hour has passed,
// the page asks builds/latest.json whether a newer build is out; if so the next navigation is a full
// page load. A chunk that fails to load (a deploy removed it) reloads the page once, guarded by a
// 10-second marker in sessionStorage so a chunk that is really gone cannot loop.
export const CHECK_EVERY_MS = 3_600_000
export const CHUNK_RELOAD_GUARD_MS = 10_000
const MARKER = 'khaneh.chunk-reload'

export interface FreshnessWatch {
  /** True once a newer build than this page's was seen. */
  stale: () => boolean
  /** Ask now (also what the hourly timer and focus do). */
  check: () => Promise<void>
  stop: () => void
}

/** Watches builds/latest.json for a build other than `buildId`. */
export function watchBuild(buildId: string, fetcher: typeof fetch = fetch): FreshnessWatch {
  let stale = false
  let lastCheck = Date.now()
  const check = async () => {
    lastCheck = Date.now()
    try {
      const res = await fetcher('/builds/latest.json', { cache: 'no-cache', headers: { accept: 'application/json' } })
      if (!res.ok) return
      const latest = (await res.json()) as { id?: unknown }
      if (typeof latest.id === 'string' && latest.id !== buildId) stale = true
    } catch {
      // offline or mid-deploy: the next check asks again
    }
  }
  const timer = setInterval(() => void check(), CHECK_EVERY_MS)
  const onFocus = () => {
    if (!stale && Date.now() - lastCheck >= CHECK_EVERY_MS) void check()
  }
  window.addEventListener('focus', onFocus)
  document.addEventListener('visibilitychange', onFocus)
  return {
    stale: () => stale,
    check,
    stop: () => {
      clearInterval(timer)
      window.removeEventListener('focus', onFocus)
      document.removeEventListener('visibilitychange', onFocus)
    },
  }
}

/**
 * Reloads once for a chunk that failed to load (at `href`, the page being navigated to, when given);
 * false when a reload already happened in the last 10 s.
 */
export function reloadForChunkError(href?: string): boolean {
  try {
    const last = Number(sessionStorage.getItem(MARKER) ?? 0)
    if (Date.now() - last < CHUNK_RELOAD_GUARD_MS) return false
    sessionStorage.setItem(MARKER, String(Date.now()))
  } catch {
    return false // no sessionStorage, no guard: do not risk a loop
  }
  if (href) window.location.assign(href)
  else window.location.reload()
  return true
}

/** Whether an error is a module or chunk that could not be fetched (browsers word it differently). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error)
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i.test(
    message,
  )
}
