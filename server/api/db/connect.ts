import { setTimeout as sleep } from 'node:timers/promises'
import { openDb, type Db, type OpenDbOptions } from './client.ts'
import { DatabaseStartError } from './start-error.ts'
import { DatabaseUnavailableError } from './unavailable.ts'

export interface ConnectRetryOptions {
  /** Receives one readable line per failed attempt (no stack trace). */
  log: (line: string) => void
  /** Attempts before giving up (default 10, about a minute with the default backoff). */
  attempts?: number
  /** The wait after failed attempt `n` (1-based), in ms (default 0.5 s doubling up to 10 s). */
  backoffMs?: (attempt: number) => number
}

const defaultBackoff = (attempt: number) => Math.min(500 * 2 ** (attempt - 1), 10_000)

/** A failure at start that only the operator can fix, as one line saying so (docs/decisions/034-one-writer-per-embedded-database.md); null for others. */
function startProblem(err: unknown, options: OpenDbOptions): DatabaseStartError | null {
  if ((err as { code?: unknown } | null)?.code !== '3D000' || !options.databaseUrl) return null
  const url = new URL(options.databaseUrl)
  const name = decodeURIComponent(url.pathname.slice(1)) || url.username || 'postgres'
  return new DatabaseStartError(
    `The database "${name}" does not exist on ${url.host}: create it (createdb ${name}, or CREATE DATABASE in psql) or correct DATABASE_URL`,
  )
}

/**
 * Opens the database and waits until it answers, retrying while it is unavailable (still starting,
 * refused, unreachable). Any other failure (a bad password) is thrown at once: a missing database as a
 * DatabaseStartError saying so in one line, like the embedded database in use by another process;
 * after the last attempt a DatabaseUnavailableError with a one-line message is thrown.
 */
export async function openDbWithRetry(options: OpenDbOptions, retry: ConnectRetryOptions): Promise<Db> {
  const attempts = retry.attempts ?? 10
  const backoff = retry.backoffMs ?? defaultBackoff
  const db = await openDb(options)
  for (let attempt = 1; ; attempt++) {
    try {
      await db.query('SELECT 1')
      return db
    } catch (err) {
      if (!(err instanceof DatabaseUnavailableError) || attempt >= attempts) {
        await db.close().catch(() => {})
        if (!(err instanceof DatabaseUnavailableError)) throw startProblem(err, options) ?? err
        throw new DatabaseUnavailableError(
          err.reason,
          `The database is unavailable after ${attempts} attempts (${err.reason})`,
        )
      }
      const waitMs = backoff(attempt)
      retry.log(`db.unavailable: ${err.reason}; attempt ${attempt} of ${attempts}, retrying in ${waitMs / 1000} s`)
      await sleep(waitMs)
    }
  }
}
