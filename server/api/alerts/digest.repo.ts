import { LISTING_PATH_PREFIX } from '../../../shared/seo.ts'
import type { Queryable } from '../db/client.ts'

/** The start of the UTC day `at` is in: a digest takes the matches made before it. */
export function dayStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))
}

/**
 * Writes the daily digests due at `now` (docs/decisions/020-alerts-and-outbox.md) in ONE statement:
 * the matches of `daily` alerts with the `email` channel made before today (UTC) and in no digest
 * yet are claimed (`digested_at`, an UPDATE that a concurrent run waits on and then finds taken),
 * and each user with a verified e-mail gets one `email` outbox row for the day — its unique
 * `dedupe_key` makes a second run of the same day write nothing even if it found matches. The
 * payload is built from listing columns that never include the contact. Answers the rows written.
 */
export async function writeDigests(db: Queryable, now: Date = new Date()): Promise<number> {
  const before = dayStart(now)
  const day = new Date(before.getTime() - 86_400_000).toISOString().slice(0, 10)
  const [row] = await db.query<{ written: number }>(
    `WITH claimed AS (
       UPDATE alert_matches m SET digested_at = now()
         FROM alerts a
        WHERE a.id = m.alert_id AND m.digested_at IS NULL AND m.created_at < $1
          AND a.frequency = 'daily' AND 'email' = ANY(a.channels)
       RETURNING m.id, m.alert_id, m.listing_id, m.created_at, a.user_id, a.name),
     lines AS (
       SELECT c.user_id, c.alert_id, c.name, c.id, l.slug,
              COALESCE(ci.names->>u.language, ci.names->>'en') AS city,
              -- the rent in major units, formatted in the reader's language and currency when the mail is written
              CASE WHEN l.rent_minor IS NULL OR l.rent_minor = 0 THEN NULL
                   ELSE trim_scale(round(l.rent_minor::numeric / CASE WHEN l.currency = 'IRR' THEN 1 ELSE 100 END, 2))::text END AS rent, -- shared/money.ts currencyExponent
              l.currency
         FROM claimed c JOIN users u ON u.id = c.user_id JOIN listings l ON l.id = c.listing_id
         JOIN cities ci ON ci.id = l.city_id
        WHERE l.status = 'active'),
     digests AS (
       SELECT u.id AS user_id, u.email, u.language,
              jsonb_agg(jsonb_build_object('alert', lines.name, 'rent', lines.rent, 'currency', lines.currency, 'city', lines.city,
                                           'url', $3::text || lines.slug) ORDER BY lines.alert_id, lines.id) AS matches
         FROM lines JOIN users u ON u.id = lines.user_id
        WHERE u.email IS NOT NULL AND u.email_verified
        GROUP BY u.id),
     queued AS (
       INSERT INTO notification_outbox (user_id, channel, payload, dedupe_key)
       SELECT user_id, 'email',
              jsonb_build_object('to', email, 'language', language, 'day', $2::text, 'matches', matches),
              'digest:' || user_id || ':' || $2::text
         FROM digests
       ON CONFLICT (dedupe_key) DO NOTHING
       RETURNING id)
     SELECT count(*)::int AS written FROM queued`,
    [before, day, LISTING_PATH_PREFIX],
  )
  return row?.written ?? 0
}
