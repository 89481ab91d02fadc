import type { Queryable } from '../../server/api/db/client.ts'

/**
 * What a demo seed cut short left behind before the seed wrote a completion marker: the places
 * (committed first, in their own transaction) and an owner, without listings.
 */
export async function leaveHalfSeed(db: Queryable): Promise<void> {
  await db.query(`INSERT INTO countries (code, flag, currency, names) VALUES ('DE', '🇩🇪', 'EUR', '{"en": "Germany"}')`)
  await db.query(
    `INSERT INTO cities (country_code, key, names, search_text, is_popular) VALUES ('DE', 'berlin', '{"en": "Berlin"}', 'berlin', true)`,
  )
  await db.query(
    `INSERT INTO users (first_name, username, auth_method, language, referral_code) VALUES ('Ali', 'ali100', 'seed', 'fa', 'SEED0000123456')`,
  )
}
