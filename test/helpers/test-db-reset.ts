// A test database used by a test and given back as new (docs/decisions/044-the-test-harness.md): every
// table emptied and its sequences (identities too) set back, the rows the migrated database holds put back, the
// session's settings, temporary tables and advisory locks dropped. Only when the schema is still the
// migrated one: a test that changed it (a table, a column, a function, a trigger …) leaves its database
// to be closed, never reused.
import type { Db } from '../../server/api/db/client.ts'

/** What a freshly migrated test database holds, to put back. */
export interface MigratedState {
  /** A digest of the current schema's definitions (with roles, schemas and extensions). */
  schema: string
  tables: string[]
  /** The rows of the tables migrations fill, as JSON, with the columns that can be written. */
  rows: { table: string; columns: string[]; json: string }[]
  sequences: { name: string; value: string | null }[]
}

/**
 * A digest of the current schema's definitions, the same for two schemas of one migrated state whatever
 * their names (a definition that names its schema names it as `.`). On PGlite, where a test database is a
 * whole instance, the instance's roles, schemas and extensions count too; on PostgreSQL, where it is one
 * schema of a shared server, other processes create and drop theirs meanwhile, and what lies outside the
 * test's schema is the server's, which a new schema would not undo either.
 */
function schemaDigest(kind: Db['kind']): string {
  const instance =
    kind === 'pglite'
      ? `
    UNION ALL SELECT 'extension ' || extname FROM pg_extension
    UNION ALL SELECT 'role ' || rolname FROM pg_roles
    UNION ALL SELECT 'schema ' || nspname FROM pg_namespace WHERE nspname !~ '^pg_(toast_)?temp_'`
      : ''
  return `
  SELECT md5(string_agg(item, ',' ORDER BY item)) AS digest FROM (SELECT replace(item, current_schema() || '.', '.') FROM (
    SELECT 'class ' || c.relname || ' ' || c.relkind::text || ' ' || c.relpersistence::text FROM pg_class c
      WHERE c.relnamespace = current_schema()::regnamespace
    UNION ALL SELECT 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
        || ' ' || a.attnotnull || ' ' || a.attgenerated::text || ' ' || a.attidentity::text
        || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE c.relnamespace = current_schema()::regnamespace AND a.attnum > 0 AND NOT a.attisdropped
    UNION ALL SELECT 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
      FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
    UNION ALL SELECT 'index ' || indexrelid::regclass::text || ' ' || pg_get_indexdef(indexrelid) FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relnamespace = current_schema()::regnamespace
    UNION ALL SELECT 'function ' || proname || ' ' || md5(prosrc) FROM pg_proc
      WHERE pronamespace = current_schema()::regnamespace
    UNION ALL SELECT 'trigger ' || tgrelid::regclass::text || ' ' || tgname || ' ' || tgenabled::text FROM pg_trigger t
      JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal
    UNION ALL SELECT 'type ' || typname || ' ' || typtype::text FROM pg_type WHERE typnamespace = current_schema()::regnamespace
    UNION ALL SELECT 'label ' || e.enumtypid::regtype::text || ' ' || e.enumlabel FROM pg_enum e
      JOIN pg_type ty ON ty.oid = e.enumtypid WHERE ty.typnamespace = current_schema()::regnamespace
    UNION ALL SELECT 'view ' || viewname || ' ' || md5(definition) FROM pg_views WHERE schemaname = current_schema()
    UNION ALL SELECT 'policy ' || polname FROM pg_policy p
      JOIN pg_class c ON c.oid = p.polrelid WHERE c.relnamespace = current_schema()::regnamespace${instance}
  ) AS definitions (item)) AS named (item)`
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`

/** Reads what a freshly migrated test database holds. */
export async function migratedState(db: Db): Promise<MigratedState> {
  const [{ digest }] = (await db.query<{ digest: string }>(schemaDigest(db.kind))) as [{ digest: string }]
  const tables = (
    await db.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'p') ORDER BY relname`,
    )
  ).map((row) => row.name)
  const rows: MigratedState['rows'] = []
  for (const table of tables) {
    const [{ json }] = (await db.query<{ json: string | null }>(
      `SELECT json_agg(t)::text AS json FROM ${quoted(table)} t`,
    )) as [{ json: string | null }]
    if (json === null) continue
    const columns = await db.query<{ name: string }>(
      `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
      [quoted(table)],
    )
    rows.push({ table, columns: columns.map((column) => column.name), json })
  }
  const sequences = await db.query<{ name: string; value: string | null }>(
    `SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = current_schema()`,
  )
  return { schema: digest, tables, rows, sequences }
}

/**
 * Puts the database back as `state` holds it; false, changing nothing, when its schema is no longer the
 * migrated one (then it is not reused).
 */
export async function resetTo(db: Db, state: MigratedState): Promise<boolean> {
  // the session first: a test may have changed a setting or left a temporary table
  await db.exec('RESET ALL; DISCARD TEMP; DISCARD SEQUENCES; SELECT pg_advisory_unlock_all()')
  const [{ digest }] = (await db.query<{ digest: string }>(schemaDigest(db.kind))) as [{ digest: string }]
  if (digest !== state.schema) return false
  await db.transaction(async (tx) => {
    // every row out and the rows of the migrations back as they were, without firing triggers or checking
    // references on the way; DELETE, not TRUNCATE: a test leaves a few rows, and TRUNCATE gives each of
    // the tables and their indexes new files (on PostgreSQL 100–120 ms of the server's CPU against ~10 ms)
    await tx.exec('SET LOCAL session_replication_role = replica')
    await tx.exec(state.tables.map((table) => `DELETE FROM ${quoted(table)}`).join('; '))
    for (const { table, columns, json } of state.rows) {
      const list = columns.map(quoted).join(', ')
      await tx.query(
        `INSERT INTO ${quoted(table)} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM json_populate_recordset(NULL::${quoted(table)}, $1)`,
        [json],
      )
    }
    for (const { name, value } of state.sequences)
      await tx.exec(
        value === null
          ? `ALTER SEQUENCE ${quoted(name)} RESTART`
          : `SELECT setval('${quoted(name)}', ${BigInt(value).toString()})`,
      )
  })
  return true
}
