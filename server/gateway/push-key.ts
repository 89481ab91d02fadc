import { setTimeout as sleep } from 'node:timers/promises'
import { envelope } from '../../shared/schemas/common.ts'
import { PushPublicKeySchema } from '../../shared/schemas/alert.ts'

const PushKeyAnswer = envelope(PushPublicKeySchema)

export interface PushKeyRetryOptions {
  /** One readable line per failed attempt. */
  log: (line: string) => void
  /** Attempts before giving up (default 10, about a minute with the default backoff). */
  attempts?: number
  backoffMs?: (attempt: number) => number
}

/** A gateway that cannot learn the API's push key: the API never answered (the start stops with this line). */
export class ApiUnavailableError extends Error {}

const defaultBackoff = (attempt: number) => Math.min(500 * 2 ** (attempt - 1), 10_000)

/**
 * The VAPID public key of the API at `apiUrl` (GET /api/v1/push/public-key), for a pure gateway's pages:
 * browsers must subscribe with the key the API signs pushes with (docs/decisions/030-shared-secrets-and-keys.md).
 * An API still starting is waited for with backoff, as the API waits for its database; an API without
 * Web Push (404) gives undefined.
 */
export async function vapidPublicKeyOf(apiUrl: string, retry: PushKeyRetryOptions): Promise<string | undefined> {
  const attempts = retry.attempts ?? 10
  for (let attempt = 1; ; attempt++) {
    let reason: string
    try {
      const res = await fetch(`${apiUrl}/api/v1/push/public-key`, { signal: AbortSignal.timeout(5_000) })
      if (res.status === 404) return undefined
      const answer = PushKeyAnswer.safeParse(await res.json().catch(() => null))
      if (res.ok && answer.success) return answer.data.data.vapid_public_key
      reason = `answered ${res.status}`
    } catch (err) {
      reason = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name
    }
    if (attempt >= attempts)
      throw new ApiUnavailableError(`The API at ${apiUrl} did not answer after ${attempts} attempts (${reason})`)
    const waitMs = (retry.backoffMs ?? defaultBackoff)(attempt)
    retry.log(`api.unavailable: ${reason}; attempt ${attempt} of ${attempts}, retrying in ${waitMs / 1000} s`)
    await sleep(waitMs)
  }
}
