/**
 * Seconds a client is asked to wait when the gateway answers 503 on its own account (a page whose
 * API failed, readiness, too many live streams); an API's own Retry-After is passed on as it is.
 */
export const RETRY_AFTER_SECONDS = 5

/** The Retry-After every 503 of the gateway carries, as headers to add (none for another status). */
export function retryAfterHeaders(status: number): Record<string, string> {
  return status === 503 ? { 'retry-after': String(RETRY_AFTER_SECONDS) } : {}
}
