/**
 * Pages stay in the browser's back/forward cache after a session ends (they are `private,
 * no-cache`, not `no-store`: docs/decisions/038-pages-and-the-back-forward-cache.md). So that Back
 * after signing out does not show what the page showed the signed-in reader, the end of a session
 * is noted in this browser's storage, and a page loaded before it is loaded afresh when the cache
 * would restore it.
 */
const SESSION_ENDED_AT = 'khaneh.sessionEndedAt'

/** Notes that this browser's session ended now (signed out, account deleted). */
export function noteSessionEnded(): void {
  try {
    localStorage.setItem(SESSION_ENDED_AT, String(Date.now()))
  } catch {
    // no storage (private mode, the server): the restored page stays as it was
  }
}

/** Whether a session ended after `loadedAt` (ms since the epoch). */
export function sessionEndedSince(loadedAt: number): boolean {
  try {
    return Number(localStorage.getItem(SESSION_ENDED_AT) ?? 0) > loadedAt
  } catch {
    return false
  }
}

/** A page restored from the back/forward cache after a session ended since it loaded is loaded afresh. */
export function reloadWhenRestoredAfterSessionEnd(): void {
  addEventListener('pageshow', (event) => {
    if (event.persisted && sessionEndedSince(performance.timeOrigin)) location.reload()
  })
}
