import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { lockDataDir } from './data-dir-lock.ts'
import { runAloneInProcess, runAloneOnPostgres, type RunAlone } from './run-alone.ts'
import { asUnavailable } from './unavailable.ts'

export interface QueryOptions {
  /**
   * PostgreSQL: run the statement prepared once its text repeats, so that running it again skips
   * parsing, and planning too when the server settles on a generic plan (docs/decisions/029-prepared-searches.md).
   * For a statement run often, whose text repeats with other values (every value a parameter, none
   * spliced in) and whose result names its columns. PGlite ignores it.
   */
  prepare?: boolean
}

/** What the repositories need from a database: parameterised queries and transactions. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T[]>
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs a multi-statement script (migrations); no parameters. */
  exec(sql: string): Promise<void>
  transaction<T>(work: (tx: Queryable & { exec(sql: string): Promise<void> }) => Promise<T>): Promise<T>
  /**
   * LISTENs on `channel`: `onNotify` gets each NOTIFY's payload once its transaction commits. On
   * PostgreSQL a dedicated connection outside the pool, re-established after a loss; `onResume` then
   * runs, as notifications may have been missed meanwhile. Resolves once listening; the function it
   * resolves to stops.
   */
  listen(channel: string, onNotify: (payload: string) => void, onResume?: () => void): Promise<() => Promise<void>>
  /**
   * Runs `work` unless the job named `job` is running already, in this process or in another one on
   * this database: then answers null at once (docs/decisions/033-jobs-once-across-processes.md).
   */
  runAlone: RunAlone
  close(): Promise<void>
  /** PGlite: its data as a tarball, for other in-memory databases to start from (`startFrom`). */
  dump?(): Promise<Blob>
}

export interface OpenDbOptions {
  /** A postgres:// URL; when absent PGlite is used. */
  databaseUrl?: string
  /** PGlite's directory; when absent PGlite runs in memory. */
  dataDir?: string
  /** PGlite in memory: start from this dump of another database (`Db.dump`) instead of an empty one, which skips initdb. */
  startFrom?: Blob
  /**
   * PostgreSQL: the most pooled connections (default 10). Each process also holds one for LISTEN and
   * one for its jobs' locks: processes × (pool + 2) must stay under the server's max_connections.
   */
  poolSize?: number
  /** PostgreSQL: the server cancels a statement running longer (default 30 s). */
  statementTimeoutMs?: number
  /** PostgreSQL: how long the driver waits for any answer before it treats the connection as dead (default statement timeout + 5 s). */
  queryTimeoutMs?: number
  /** PostgreSQL: the longest wait for a connection, a free pooled one or a new one (default 5 s). */
  connectionTimeoutMs?: number
  /** PostgreSQL: the server ends a session left idle inside a transaction, releasing its locks (default 60 s). */
  idleInTransactionTimeoutMs?: number
  /** PostgreSQL: how long close() waits for queries in flight before it abandons them (default 5 s). */
  closeTimeoutMs?: number
}

/**
 * How many texts run prepared, for a pool's whole life: each pooled connection holds at most these, about
 * 0.3 MB of the server's memory each for a search.
 */
export const PREPARED_STATEMENTS = 32

/** How many texts seen once are remembered, waiting for a second run to be named. */
const SEEN_ONCE = 1000

/**
 * The name a text runs prepared under, or none. A text is named the second time it runs, while fewer
 * than `PREPARED_STATEMENTS` are; from then on, on every connection, under the same name. A text run
 * once (a rare mix of filters) takes no place, and no connection ever holds more than the bound, so
 * none is closed for holding too many.
 */
function statementNames(bound = PREPARED_STATEMENTS) {
  const names = new Map<string, string>()
  const seenOnce = new Set<string>()
  return (sql: string): string | undefined => {
    const named = names.get(sql)
    if (named !== undefined || names.size >= bound) return named
    if (seenOnce.delete(sql)) {
      const name = `prepared_${names.size + 1}`
      names.set(sql, name)
      return name
    }
    if (seenOnce.size >= SEEN_ONCE) seenOnce.clear()
    seenOnce.add(sql)
    return undefined
  }
}

/** A prepared statement whose result type a migration changed (`cached plan must not change result type`). */
const isStalePlan = (err: unknown) => (err as { code?: string } | null)?.code === '0A000'

/** Pooled PostgreSQL connections per process unless DATABASE_POOL_SIZE says otherwise. */
export const DEFAULT_POOL_SIZE = 10

/** Production defaults of the PostgreSQL pool's timeouts. */
const PG_TIMEOUTS = {
  statementMs: 30_000,
  queryMarginMs: 5_000,
  connectionMs: 5_000,
  idleInTransactionMs: 60_000,
  closeMs: 5_000,
} as const

/** Opens PGlite (embedded default) or a pg pool behind the same interface (docs/decisions/002-postgres-everywhere-pglite-by-default.md). */
export async function openDb(options: OpenDbOptions): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options)
  return openPglite(options.dataDir, options.startFrom)
}

async function openPglite(dataDir: string | undefined, startFrom: Blob | undefined): Promise<Db> {
  let dir: string | undefined
  let unlock = () => {}
  if (dataDir) {
    dir = path.join(dataDir, 'pglite')
    mkdirSync(dir, { recursive: true })
    unlock = lockDataDir(dataDir)
  }
  // PGlite's WASM PostgreSQL is imported only here: a process on DATABASE_URL never loads it (docs/decisions/035-memory-of-one-process.md)
  const { PGlite } = await import('@electric-sql/pglite').catch((err: unknown) => {
    unlock()
    throw err
  })
  const db = await PGlite.create(dir ? { dataDir: dir } : startFrom ? { loadDataDir: startFrom } : {}).catch(
    (err: unknown) => {
      unlock()
      throw err
    },
  )
  // PGlite runs one statement at a time; a transaction holds it exclusively, so plain
  // queries issued meanwhile wait their turn inside PGlite. It is in-process: no sockets to
  // time out, so only a closed database counts as unavailable.
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      return (await db.query<T>(sql, params).catch(rethrow)).rows
    },
    async exec(sql) {
      await db.exec(sql).catch(rethrow)
    },
    async transaction(work) {
      return db
        .transaction(async (tx) =>
          work({
            query: async <T>(sql: string, params: unknown[] = []) => (await tx.query<T>(sql, params)).rows,
            exec: async (sql: string) => {
              await tx.exec(sql)
            },
          }),
        )
        .catch(rethrow)
    },
    // one process per PGlite database (docs/decisions/034-one-writer-per-embedded-database.md)
    runAlone: runAloneInProcess(),
    async listen(channel, onNotify) {
      // in-process: nothing to lose, so nothing to resume
      const stop = await db.listen(channel, onNotify)
      return async () => {
        if (!db.closed) await stop()
      }
    },
    async close() {
      try {
        await db.close()
      } finally {
        unlock()
      }
    },
    async dump() {
      return db.dumpDataDir('none')
    },
  }
}

/** Throws `err` as a DatabaseUnavailableError when it is one, else as it is minus PGlite's `params`: values never reach a log. */
function rethrow(err: unknown): never {
  const failure = asUnavailable(err)
  if (failure === err && err instanceof Error && 'params' in err) delete (err as { params?: unknown }).params
  throw failure
}

async function openPostgres(url: string, options: OpenDbOptions): Promise<Db> {
  const statementMs = options.statementTimeoutMs ?? PG_TIMEOUTS.statementMs
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    idleTimeoutMillis: 30_000,
    // bounds both the wait for a free client and the connect of a new one
    connectionTimeoutMillis: options.connectionTimeoutMs ?? PG_TIMEOUTS.connectionMs,
    statement_timeout: statementMs,
    // a connection that goes silent (no FIN/RST: lost NAT state, failover) shows up only as a missing
    // answer; longer than statement_timeout so a slow statement is cancelled by the server first
    query_timeout: options.queryTimeoutMs ?? statementMs + PG_TIMEOUTS.queryMarginMs,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? PG_TIMEOUTS.idleInTransactionMs,
    // idle pooled connections to a vanished peer fail their keepalive probes and leave the pool
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  })
  pool.on('error', () => {
    // an idle client lost its connection; the pool has already dropped it
  })
  const listeners = new Set<{ stop(): Promise<void> }>()
  const preparedName = statementNames()
  const alone = runAloneOnPostgres(url, {
    connectionTimeoutMs: options.connectionTimeoutMs ?? PG_TIMEOUTS.connectionMs,
    queryTimeoutMs: statementMs + PG_TIMEOUTS.queryMarginMs,
  })

  return {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions) {
      const name = options?.prepare ? preparedName(sql) : undefined
      // pool.query destroys a client whose query failed rather than returning it to the pool
      const run = (named?: string) => pool.query({ name: named, text: sql, values: params })
      // a statement prepared before a migration changed its result's type fails once per connection
      // (which is then closed): run it unnamed instead
      const result = await run(name)
        .catch((err: unknown) => (name && isStalePlan(err) ? run() : Promise.reject(err)))
        .catch(rethrow)
      return result.rows as T[]
    },
    async exec(sql) {
      await pool.query(sql).catch(rethrow)
    },
    async transaction(work) {
      const client = await pool.connect().catch(rethrow)
      let broken: Error | undefined
      // a checked-out client that loses its connection emits 'error'; unheard, it would crash the process
      const onError = (err: Error) => (broken = err)
      client.on('error', onError)
      try {
        await client.query('BEGIN')
        const result = await work({
          query: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
          exec: async (sql: string) => {
            await client.query(sql)
          },
        })
        await client.query('COMMIT')
        return result
      } catch (err) {
        const failure = asUnavailable(err)
        // a dead connection cannot roll back (the server does when the session ends): destroy it
        if (failure !== err) broken = failure as Error
        else if (!broken) await client.query('ROLLBACK').catch((rollbackErr: Error) => (broken = rollbackErr))
        throw failure
      } finally {
        client.off('error', onError)
        client.release(broken)
      }
    },
    runAlone: (job, work) => alone.runAlone(job, work).catch(rethrow),
    async listen(channel, onNotify, onResume) {
      const listener = pgListener(url, channel, onNotify, onResume)
      listeners.add(listener)
      await listener.ready
      return async () => {
        listeners.delete(listener)
        await listener.stop()
      }
    },
    async close() {
      // a query stuck on a silent connection would hold a shutdown until its query timeout
      const abandon = sleep(options.closeTimeoutMs ?? PG_TIMEOUTS.closeMs, undefined, { ref: false })
      await Promise.race([Promise.all([pool.end(), alone.close(), ...[...listeners].map((l) => l.stop())]), abandon])
      listeners.clear()
    },
  }
}

/** The wait before re-connecting a lost LISTEN connection, after `n` failed tries in a row. */
const listenBackoffMs = (n: number) => Math.min(500 * 2 ** n, 10_000)

/**
 * One connection outside the pool that LISTENs on `channel` and comes back after a loss (with
 * backoff), calling `onResume` each time it is listening again. `ready` settles once the first LISTEN
 * succeeds (or rejects when the first connect fails).
 */
function pgListener(url: string, channel: string, onNotify: (payload: string) => void, onResume?: () => void) {
  let stopped = false
  let client: pg.Client | undefined
  let retry: ReturnType<typeof setTimeout> | undefined
  let failures = 0

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url, keepAlive: true, keepAliveInitialDelayMillis: 10_000 })
    client = next
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '')
    })
    next.on('error', () => lost(next))
    next.on('end', () => lost(next))
    await next.connect()
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
    failures = 0
  }

  function lost(which: pg.Client) {
    if (stopped || which !== client) return
    client = undefined
    which.end().catch(() => {})
    retry = setTimeout(() => {
      retry = undefined
      if (stopped) return
      connect().then(
        () => onResume?.(),
        () => {
          failures++
          if (client) lost(client)
        },
      )
    }, listenBackoffMs(failures))
    retry.unref()
  }

  const ready = connect().catch((err: unknown) => {
    stopped = true
    const failed = client
    client = undefined
    failed?.end().catch(() => {})
    rethrow(err)
  })

  return {
    ready,
    async stop() {
      stopped = true
      if (retry) clearTimeout(retry)
      const last = client
      client = undefined
      if (!last) return
      // a silent server never answers the goodbye: after the close bound, the socket is cut
      const ended = last.end().then(
        () => true,
        () => true,
      )
      const timedOut = sleep(PG_TIMEOUTS.closeMs, false, { ref: false })
      if (!(await Promise.race([ended, timedOut])))
        (last as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy()
    },
  }
}
