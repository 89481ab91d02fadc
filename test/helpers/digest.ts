import type { Queryable } from '../../server/api/db/client.ts'

/**
 * Counters that a refused request writes by design: the per-client rate limits count every request,
 * and a wrong password counts towards its e-mail's lockout (docs/decisions/016-email-sign-in.md).
 */
export const COUNTED_ON_REFUSAL = ['rate_limit_counters', 'identity_sign_in_failures']

/**
 * Every table of the database (or `only` these), each as its row count and a hash of its rows: two
 * equal digests mean no row was added, changed or removed (outside `ignore`).
 */
export async function databaseDigest(
  db: Queryable,
  { ignore = COUNTED_ON_REFUSAL, only }: { ignore?: string[]; only?: string[] } = {},
) {
  const tables = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  )
  const digest: Record<string, string> = {}
  for (const { name } of tables) {
    if (ignore.includes(name) || (only && !only.includes(name))) continue
    const [row] = await db.query<{ rows: number; hash: string }>(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS hash FROM "${name}" t`,
    )
    digest[name] = `${row!.rows} ${row!.hash}`
  }
  return digest
}

/** Each table's row count: a cheaper digest for checks made hundreds of times. */
export async function rowCounts(db: Queryable, ignore: string[] = COUNTED_ON_REFUSAL) {
  const tables = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  )
  const names = tables.map((t) => t.name).filter((name) => !ignore.includes(name))
  const [row] = await db.query<Record<string, number>>(
    `SELECT ${names.map((name) => `(SELECT count(*)::int FROM "${name}") AS "${name}"`).join(', ')}`,
  )
  return row!
}
