import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { newVapidKeys, type VapidKeys } from '../../integrations/notify/vapid-keys.ts'
import type { Queryable } from './client.ts'

/** The keys every process of a deployment shares: the session secret (signs access tokens) and the Web Push pair. */
export interface ServiceKeys {
  sessionSecret: string
  vapid: VapidKeys
}

export interface ServiceKeysOptions {
  /** SESSION_SECRET, when the environment gives it: then it never reaches the database. */
  sessionSecret?: string
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, when the environment gives them. */
  vapid?: VapidKeys
  /** DATA_DIR: keys an earlier version generated into DATA_DIR/keys are the ones the database keeps, once. */
  dataDir?: string
}

/**
 * The session secret and the VAPID pair (docs/decisions/030-shared-secrets-and-keys.md): each from
 * the environment, else from its one row in `service_keys`, made by whichever process asks first.
 * Processes starting at once all get the first one's values: the primary key makes every other
 * insert a no-op (it waits for the first to commit), and the read after it finds that row.
 */
export async function loadServiceKeys(db: Queryable, options: ServiceKeysOptions = {}): Promise<ServiceKeys> {
  const sessionSecret =
    options.sessionSecret ??
    (await sharedKey(db, 'session_secret', () => legacyKey(options.dataDir, 'session-secret') ?? newSessionSecret()))
  const vapid =
    options.vapid ??
    (JSON.parse(
      await sharedKey(db, 'vapid', () => legacyKey(options.dataDir, 'vapid.json') ?? JSON.stringify(newVapidKeys())),
    ) as VapidKeys)
  return { sessionSecret, vapid }
}

/**
 * The key public points are derived with (docs/decisions/046-listing-location-privacy-and-area-search.md):
 * made once per database like the others, never sent anywhere. Whoever holds it could tell which cell
 * of 0.001° a listing's pin lies in, so it stays in the database (a backup holds it, as it holds the pins).
 */
export const loadLocationKey = (db: Queryable): Promise<string> =>
  sharedKey(db, 'location_key', () => randomBytes(32).toString('base64url'))

async function sharedKey(
  db: Queryable,
  name: 'session_secret' | 'vapid' | 'location_key',
  make: () => string,
): Promise<string> {
  const [made] = await db.query<{ value: string }>(
    'INSERT INTO service_keys (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING value',
    [name, make()],
  )
  if (made) return made.value
  const [kept] = await db.query<{ value: string }>('SELECT value FROM service_keys WHERE name = $1', [name])
  return kept!.value
}

const newSessionSecret = () => randomBytes(48).toString('base64url')

/** A key file of DATA_DIR/keys (where keys were generated before they were shared), or null. */
function legacyKey(dataDir: string | undefined, file: string): string | null {
  if (!dataDir) return null
  try {
    return readFileSync(path.join(dataDir, 'keys', file), 'utf8').trim() || null
  } catch {
    return null
  }
}
