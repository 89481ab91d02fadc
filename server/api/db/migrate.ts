import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from './client.ts'

/** Where the numbered SQL migrations are. */
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/**
 * Applies the numbered SQL migrations not yet recorded, each in its own transaction; returns the names
 * of those this call applied. Several processes may start at once: each migration is applied by one of
 * them, and only that one names it (docs/decisions/033-jobs-once-across-processes.md).
 */
export async function migrate(db: Db): Promise<string[]> {
  // CREATE TABLE IF NOT EXISTS is not safe against itself: processes starting at once on an empty
  // PostgreSQL take turns (the lock ends with the transaction)
  await db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['schema_migrations'])
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
  })
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort()
  const done = new Set(
    (await db.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version),
  )
  const applied: string[] = []
  for (const file of files) {
    if (done.has(file)) continue
    const sql = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8')
    const ran = await db.transaction(async (tx) => {
      // a concurrent starter may have applied it meanwhile: the primary key makes that a no-op
      const claimed = await tx.query(
        'INSERT INTO schema_migrations (version) VALUES ($1) ON CONFLICT DO NOTHING RETURNING version',
        [file],
      )
      if (claimed.length === 0) return false
      await tx.exec(sql)
      return true
    })
    if (ran) applied.push(file)
  }
  return applied
}
