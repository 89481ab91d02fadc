import pg from 'pg'
import { DatabaseUnavailableError } from './unavailable.ts'

/** Runs `work` unless the job `job` is running already: then null, at once. */
export type RunAlone = <T>(job: string, work: () => Promise<T>) => Promise<T | null>

/** Jobs of one process never overlap themselves (PGlite's whole answer: one process per database, decision 034). */
export function runAloneInProcess(): RunAlone {
  const running = new Set<string>()
  return async (job, work) => {
    if (running.has(job)) return null
    running.add(job)
    try {
      return await work()
    } finally {
      running.delete(job)
    }
  }
}

// the key of a job in this database's schema: test schemas (and several deployments) on one server never block each other
const KEY = `hashtextextended(current_schema() || ':' || $1, 0)`

/**
 * PostgreSQL: a job runs in one process at a time across every process on the database
 * (docs/decisions/033-jobs-once-across-processes.md). It holds a session advisory lock, taken with
 * `pg_try_advisory_lock` (never waited for: a process that finds it taken skips the run) on one
 * connection of its own outside the pool, so a long job holds no pooled connection and a process that
 * dies releases its locks with its connection. A lost connection loses the locks of the jobs still
 * running; the next run connects again.
 */
export function runAloneOnPostgres(url: string, options: { connectionTimeoutMs: number; queryTimeoutMs: number }) {
  const inProcess = runAloneInProcess()
  let session: Promise<pg.Client> | undefined
  let closed = false

  function connect(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: options.connectionTimeoutMs,
      query_timeout: options.queryTimeoutMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    })
    const opened = client.connect().then(() => client)
    const lost = () => {
      if (session === opened) session = undefined
      client.end().catch(() => {})
    }
    client.on('error', lost)
    client.on('end', lost)
    opened.catch(lost)
    return opened
  }

  const runAlone: RunAlone = (job, work) =>
    inProcess(job, async () => {
      if (closed) throw new DatabaseUnavailableError('the database is closed')
      session ??= connect()
      const client = await session
      const [row] = (await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(${KEY}) AS locked`, [job]))
        .rows
      if (!row?.locked) return null
      try {
        return await work()
      } finally {
        // a session lost meanwhile released it already
        await client.query(`SELECT pg_advisory_unlock(${KEY})`, [job]).catch(() => {})
      }
    })

  return {
    runAlone,
    async close(): Promise<void> {
      closed = true
      const last = session
      session = undefined
      await last?.then((client) => client.end()).catch(() => {})
    },
  }
}
