import { EMPTY_AI_PREFERENCES, type AiPreferences } from '../../../shared/schemas/ai.ts'
import type { Queryable } from '../db/client.ts'

/** Listings that may still be seen or come back (a removed one is gone). */
const LIVE = `('active', 'pending', 'rented', 'expired')`
/**
 * Two listings of different owners; the demo seed's accounts share a pool of drawn photos and
 * generated texts by design, so two seeded listings never count as copies of each other.
 */
const OTHER_OWNER = `o.owner_id <> l.owner_id AND NOT (lu.auth_method = 'seed' AND ou.auth_method = 'seed')`

export function aiRepo(db: Queryable) {
  return {
    /** The median rent (EUR) of active listings in the same city, of the same type and term, and how many there are. */
    async comparables(listingId: number): Promise<{ medianEur: number | null; sampleSize: number }> {
      const [row] = await db.query<{ median: number | null; n: number }>(
        `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY o.rent_eur_cents) AS median, count(o.id)::int AS n
           FROM listings l
           JOIN listings o ON o.city_id = l.city_id AND o.type = l.type AND o.term = l.term AND o.id <> l.id
                          AND o.status = 'active' AND o.rent_eur_cents IS NOT NULL
          WHERE l.id = $1`,
        [listingId],
      )
      const median = row?.median === null || row?.median === undefined ? null : Number(row.median) / 100
      return { medianEur: median === null ? null : Math.round(median), sampleSize: row?.n ?? 0 }
    },

    /** Whether another owner's listing has the same text (spaces and case aside) or one of the same photos. */
    async copies(listingId: number): Promise<{ text: boolean; photos: boolean }> {
      const [row] = await db.query<{ text: boolean; photos: boolean }>(
        `SELECT
           EXISTS (SELECT 1 FROM listings l JOIN users lu ON lu.id = l.owner_id
                     JOIN listings o ON o.id <> l.id AND o.status IN ${LIVE}
                     JOIN users ou ON ou.id = o.owner_id
                    WHERE l.id = $1 AND length(l.description) >= 40 AND ${OTHER_OWNER}
                      AND lower(btrim(regexp_replace(o.description, '\\s+', ' ', 'g'))) = lower(btrim(regexp_replace(l.description, '\\s+', ' ', 'g')))) AS text,
           EXISTS (SELECT 1 FROM photos p JOIN photos q ON q.file_id = p.file_id AND q.listing_id <> p.listing_id
                     JOIN listings l ON l.id = p.listing_id JOIN users lu ON lu.id = l.owner_id
                     JOIN listings o ON o.id = q.listing_id AND o.status IN ${LIVE}
                     JOIN users ou ON ou.id = o.owner_id
                    WHERE p.listing_id = $1 AND ${OTHER_OWNER}) AS photos`,
        [listingId],
      )
      return { text: row?.text ?? false, photos: row?.photos ?? false }
    },

    async preferences(userId: number): Promise<AiPreferences> {
      const [row] = await db.query<{ preferences: AiPreferences }>(
        `SELECT preferences FROM ai_preferences WHERE user_id = $1`,
        [userId],
      )
      return row ? { ...EMPTY_AI_PREFERENCES, ...row.preferences } : EMPTY_AI_PREFERENCES
    },

    async savePreferences(userId: number, preferences: AiPreferences): Promise<AiPreferences> {
      const [row] = await db.query<{ preferences: AiPreferences }>(
        `INSERT INTO ai_preferences (user_id, preferences) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET preferences = EXCLUDED.preferences, updated_at = now()
         RETURNING preferences`,
        [userId, JSON.stringify(preferences)],
      )
      return { ...EMPTY_AI_PREFERENCES, ...row!.preferences }
    },
  }
}
