import { CatalogueError } from '../../lib/errors.ts'

/** Seconds a client is asked to wait before retrying while the database is unavailable. */
export const DB_RETRY_AFTER_SECONDS = 5

/**
 * The database cannot be reached: refused, reset, silent past a timeout, shutting down or out of
 * connections. The API answers it 503 SERVICE_UNAVAILABLE with Retry-After. It carries only
 * `reason` (an error code and the driver's message), never the SQL or its parameters.
 */
export class DatabaseUnavailableError extends CatalogueError {
  readonly reason: string
  override readonly retryAfterSeconds = DB_RETRY_AFTER_SECONDS

  constructor(reason: string, message = 'The service is temporarily unavailable') {
    super('SERVICE_UNAVAILABLE', message)
    this.name = 'DatabaseUnavailableError'
    this.reason = reason
  }
}

// Node socket errors of a database that is down, unreachable or not resolvable yet.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
])

// SQLSTATE class 08 (connection exception); 57P01–57P03 (admin or crash shutdown, starting up); 53300 (too many connections).
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/

// pg, pg-pool and PGlite raise these without a code, so their fixed wording is all there is to match.
const DRIVER_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
]

/** Why `err` means the database is unavailable (`CODE: message`), or null for any other error. */
export function unavailableReason(err: unknown, depth = 0): string | null {
  if (!(err instanceof Error) || depth > 4) return null
  if (err instanceof DatabaseUnavailableError) return err.reason
  const raw = (err as Error & { code?: unknown }).code
  const code = typeof raw === 'string' ? raw : undefined
  const firstLine = err.message.split('\n')[0]!.slice(0, 200)
  if (code && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return `${code}: ${firstLine}`
  if (!code && DRIVER_MESSAGES.some((m) => err.message.startsWith(m))) return firstLine
  // connecting to a name with several addresses fails with one error per address
  if (err instanceof AggregateError) {
    for (const inner of err.errors) {
      const reason = unavailableReason(inner, depth + 1)
      if (reason) return reason
    }
  }
  return unavailableReason(err.cause, depth + 1)
}

/** `err` as a DatabaseUnavailableError when it means the database is unavailable; otherwise `err` itself. */
export function asUnavailable(err: unknown): unknown {
  if (err instanceof DatabaseUnavailableError) return err
  const reason = unavailableReason(err)
  return reason === null ? err : new DatabaseUnavailableError(reason)
}
