import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

/** What the repositories need from a database: parameterised queries and transactions. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs a multi-statement script (migrations); no parameters. */
  exec(sql: string): Promise<void>
  transaction<T>(work: (tx: Queryable & { exec(sql: string): Promise<void> }) => Promise<T>): Promise<T>
  close(): Promise<void>
}

export interface OpenDbOptions {
  /** A postgres:// URL; when absent PGlite is used. */
  databaseUrl?: string
  /** PGlite's directory; when absent PGlite runs in memory. */
  dataDir?: string
}

/** Opens PGlite (embedded default) or a pg pool behind the same interface (DESIGN §1). */
export async function openDb(options: OpenDbOptions): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl)
  return openPglite(options.dataDir)
}

async function openPglite(dataDir: string | undefined): Promise<Db> {
  let dir: string | undefined
  if (dataDir) {
    dir = path.join(dataDir, 'pglite')
    mkdirSync(dir, { recursive: true })
  }
  const db = await PGlite.create(dir ? { dataDir: dir } : {})
  // PGlite runs one statement at a time; a transaction holds it exclusively, so plain
  // queries issued meanwhile wait their turn inside PGlite.
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      return (await db.query<T>(sql, params)).rows
    },
    async exec(sql) {
      await db.exec(sql)
    },
    async transaction(work) {
      return db.transaction(async (tx) =>
        work({
          query: async <T>(sql: string, params: unknown[] = []) => (await tx.query<T>(sql, params)).rows,
          exec: async (sql: string) => {
            await tx.exec(sql)
          },
        }),
      )
    },
    async close() {
      await db.close()
    },
  }
}

async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 })
  pool.on('error', () => {
    // an idle client lost its connection; the pool replaces it on the next query
  })
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      return (await pool.query(sql, params)).rows as T[]
    },
    async exec(sql) {
      await pool.query(sql)
    },
    async transaction(work) {
      const client = await pool.connect()
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
        await client.query('ROLLBACK').catch(() => {})
        throw err
      } finally {
        client.release()
      }
    },
    async close() {
      await pool.end()
    },
  }
}
