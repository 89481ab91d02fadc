import { DEFAULT_LOCALE, LOCALE_CODES, type LocaleCode } from '../../../shared/locales.ts'
import { currencyExponent, formatRent } from '../../../shared/money.ts'
import { FREE_MAX_ALERTS, PREMIUM_MAX_ALERTS } from '../../../shared/plans.ts'
import { LISTING_PATH_PREFIX } from '../../../shared/seo.ts'
import type { Queryable } from '../db/client.ts'

/**
 * The PostgreSQL NOTIFY channel told "this user's unread count may have changed" (the payload is the
 * user's id), by the statements that change it, delivered on commit (alerts/unread-stream.ts).
 */
export const UNREAD_CHANNEL = 'notifications'
/** NOTIFYed when outbox rows were written: the outbox worker wakes at once instead of at its next poll. */
export const OUTBOX_CHANNEL = 'notification_outbox'

/** The typed columns an alert is matched on: its filters resolved once (docs/decisions/020-alerts-and-outbox.md). */
export interface AlertMatchColumns {
  country_code: string | null
  city_ids: number[] | null
  type: string | null
  term: string | null
  min_eur_cents: number | null
  max_eur_cents: number | null
  /** Rial rents' own range, when the prices were given in rials (migration 0026); null: compared in EUR cents. */
  min_rial: number | null
  max_rial: number | null
  include_negotiable: boolean
  gender_pref: string | null
  has_contract: boolean | null
  available_by: string | null
  /** West, south, east, north: matched against the listing's public point only (migration 0032). */
  bbox: number[] | null
}

export interface AlertRow {
  id: number
  user_id: number
  name: string
  filters: Record<string, string>
  frequency: 'instant' | 'daily'
  channels: Array<'push' | 'telegram' | 'email'>
  is_active: boolean
  paused: boolean
  last_triggered: Date | null
  new_listings_count: number
  created_at: Date
  updated_at: Date
}

const ALERT_COLUMNS = `id, user_id, name, filters, frequency, channels, is_active, paused, last_triggered, new_listings_count, created_at, updated_at`

/** The plan's limit of active alerts, in SQL, for a row of `users u`. */
const MAX_ALERTS_SQL = `CASE WHEN u.premium_until > now() THEN ${PREMIUM_MAX_ALERTS} ELSE ${FREE_MAX_ALERTS} END`

const MATCH_COLUMNS = [
  'country_code',
  'city_ids',
  'type',
  'term',
  'min_eur_cents',
  'max_eur_cents',
  'min_rial',
  'max_rial',
  'include_negotiable',
  'gender_pref',
  'has_contract',
  'available_by',
  'bbox',
] as const

export function alertsRepo(db: Queryable) {
  /** The user's notifications not read yet. */
  async function unreadCount(userId: number): Promise<number> {
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL`,
      [userId],
    )
    return row?.n ?? 0
  }

  return {
    unreadCount,

    /** Locks the live user's row (one user's alerts change one request at a time); their plan's limit, or null for no such user. */
    async lockUser(userId: number): Promise<{ max_alerts: number } | null> {
      const [row] = await db.query<{ max_alerts: number }>(
        `SELECT ${MAX_ALERTS_SQL} AS max_alerts FROM users u WHERE u.id = $1 AND u.deleted_at IS NULL FOR NO KEY UPDATE`,
        [userId],
      )
      return row ?? null
    },

    async maxAlerts(userId: number): Promise<number> {
      const [row] = await db.query<{ max_alerts: number }>(
        `SELECT ${MAX_ALERTS_SQL} AS max_alerts FROM users u WHERE u.id = $1`,
        [userId],
      )
      return row?.max_alerts ?? FREE_MAX_ALERTS
    },

    /**
     * Only the plan's number of unpaused alerts stay active, the oldest first (a lapsed premium keeps
     * the rest, inactive; a renewed one gets them back). One user's, or everyone's (the sweep). Returns the alerts changed.
     */
    async enforceLimits(userId: number | null): Promise<number> {
      const rows = await db.query(
        `WITH ranked AS (
           SELECT a.id, (NOT a.paused AND row_number() OVER (PARTITION BY a.user_id, a.paused ORDER BY a.created_at, a.id) <= ${MAX_ALERTS_SQL}) AS active
             FROM alerts a JOIN users u ON u.id = a.user_id
            WHERE $1::int IS NULL OR a.user_id = $1::int)
         UPDATE alerts SET is_active = ranked.active FROM ranked
          WHERE alerts.id = ranked.id AND alerts.is_active <> ranked.active RETURNING alerts.id`,
        [userId],
      )
      return rows.length
    },

    async list(userId: number): Promise<AlertRow[]> {
      return db.query<AlertRow>(`SELECT ${ALERT_COLUMNS} FROM alerts WHERE user_id = $1 ORDER BY created_at, id`, [
        userId,
      ])
    },

    /** The user's own alert, or null (another user's alert is not found). */
    async find(userId: number, id: number): Promise<AlertRow | null> {
      const [row] = await db.query<AlertRow>(`SELECT ${ALERT_COLUMNS} FROM alerts WHERE id = $1 AND user_id = $2`, [
        id,
        userId,
      ])
      return row ?? null
    },

    async countUnpaused(userId: number, exceptId: number | null = null): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM alerts WHERE user_id = $1 AND NOT paused AND id IS DISTINCT FROM $2::int`,
        [userId, exceptId],
      )
      return row?.n ?? 0
    },

    async insert(
      userId: number,
      alert: { name: string; filters: Record<string, string>; frequency: string; channels: string[] },
      match: AlertMatchColumns,
    ): Promise<AlertRow> {
      const values = MATCH_COLUMNS.map((c) => match[c])
      const [row] = await db.query<AlertRow>(
        `INSERT INTO alerts (user_id, name, filters, frequency, channels, ${MATCH_COLUMNS.join(', ')})
         VALUES ($1, $2, $3, $4, $5, ${MATCH_COLUMNS.map((_, i) => `$${i + 6}`).join(', ')}) RETURNING ${ALERT_COLUMNS}`,
        [userId, alert.name, JSON.stringify(alert.filters), alert.frequency, alert.channels, ...values],
      )
      return row!
    },

    async update(
      id: number,
      fields: {
        name?: string
        filters?: Record<string, string>
        frequency?: string
        channels?: string[]
        paused?: boolean
      },
      match: AlertMatchColumns | null,
    ): Promise<void> {
      const params: unknown[] = [id]
      const set = ['updated_at = now()']
      const put = (column: string, value: unknown) => set.push(`${column} = $${params.push(value)}`)
      if (fields.name !== undefined) put('name', fields.name)
      if (fields.filters !== undefined) put('filters', JSON.stringify(fields.filters))
      if (fields.frequency !== undefined) put('frequency', fields.frequency)
      if (fields.channels !== undefined) put('channels', fields.channels)
      if (fields.paused !== undefined) put('paused', fields.paused)
      if (match) for (const column of MATCH_COLUMNS) put(column, match[column])
      await db.query(`UPDATE alerts SET ${set.join(', ')} WHERE id = $1`, params)
    },

    async remove(id: number): Promise<void> {
      await db.query(`DELETE FROM alerts WHERE id = $1`, [id])
    },

    /** One page of an alert's matches, newest first; reading them clears the alert's new-listings count. */
    async matchesPage(
      alertId: number,
      limit: number,
      offset: number,
    ): Promise<{
      rows: Array<{ id: number; listing_id: number; listing_slug: string; created_at: Date }>
      total: number
    }> {
      const [rows, count] = await Promise.all([
        db.query<{ id: number; listing_id: number; listing_slug: string; created_at: Date }>(
          `SELECT m.id::int AS id, m.listing_id, l.slug AS listing_slug, m.created_at
             FROM alert_matches m JOIN listings l ON l.id = m.listing_id
            WHERE m.alert_id = $1 ORDER BY m.created_at DESC, m.id DESC LIMIT $2 OFFSET $3`,
          [alertId, limit, offset],
        ),
        db.query<{ n: number }>(`SELECT count(*)::int AS n FROM alert_matches WHERE alert_id = $1`, [alertId]),
      ])
      await db.query(`UPDATE alerts SET new_listings_count = 0 WHERE id = $1 AND new_listings_count <> 0`, [alertId])
      return { rows, total: count[0]?.n ?? 0 }
    },

    async notificationsPage(
      userId: number,
      unreadOnly: boolean,
      limit: number,
      offset: number,
    ): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
      const unread = unreadOnly ? ' AND read_at IS NULL' : ''
      const [rows, count, unreadTotal] = await Promise.all([
        db.query<NotificationRow>(
          `SELECT id::int AS id, alert_id, title, body, data, read_at, created_at FROM notifications
            WHERE user_id = $1${unread} ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
          [userId, limit, offset],
        ),
        db.query<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1${unread}`, [userId]),
        unreadCount(userId),
      ])
      return { rows, total: count[0]?.n ?? 0, unread: unreadTotal }
    },

    /** Marks the user's own notification read (once); null when it is not theirs. */
    async markRead(userId: number, id: number): Promise<NotificationRow | null> {
      // the user's open unread-count streams are told on commit (a second read tells them nothing new)
      const [row] = await db.query<NotificationRow>(
        `WITH r AS (
           UPDATE notifications SET read_at = COALESCE(read_at, now()) WHERE id = $1 AND user_id = $2
           RETURNING id::int AS id, alert_id, title, body, data, read_at, created_at)
         SELECT r.* FROM r CROSS JOIN LATERAL (SELECT pg_notify($3, $2::text)) told`,
        [id, userId, UNREAD_CHANNEL],
      )
      return row ?? null
    },
  }
}

export interface NotificationRow {
  id: number
  alert_id: number | null
  title: string
  body: string
  data: { listing_id?: number; url?: string }
  read_at: Date | null
  created_at: Date
}

/**
 * The listing just became active: ONE statement gives every active alert it satisfies (never its
 * owner's) one match — the unique (alert, listing) pair makes a second approval a no-op —, moves
 * the alert's last_triggered and new_listings_count, writes the in-app notification and, for an
 * instant alert, the outbox rows of its channels — one per listing and chat or device, however many
 * of the user's alerts it satisfies and however often it is approved (`dedupe_key`) —, and NOTIFYs each renter's unread-count stream and, when
 * it queued rows, the outbox worker. Call it in the transaction that set the status
 * (docs/decisions/020-alerts-and-outbox.md). The conditions are GET /listings' (listings/public/public.repo.ts whereActive).
 */
export async function matchListing(db: Queryable, listingId: number): Promise<{ matched: number; outbox: number }> {
  const prices = await pricesByLanguage(db, listingId)
  const [row] = await db.query<{ matched: number; outbox: number }>(
    `WITH l AS (
       SELECT l.id, l.slug, l.owner_id, l.country_code, l.city_id, l.type, l.term, l.gender_pref, l.has_contract,
              l.start_date, l.rent_minor, l.rent_eur_cents, l.currency, l.public_lat, l.public_lng, c.names AS city_names
         FROM listings l JOIN cities c ON c.id = l.city_id
        WHERE l.id = $1 AND l.status = 'active'),
     hit AS (
       SELECT a.id AS alert_id, a.user_id, a.name, a.frequency, a.channels
         FROM l JOIN alerts a ON a.is_active AND a.user_id <> l.owner_id
        WHERE (a.country_code IS NULL OR a.country_code = l.country_code)
          AND (a.city_ids IS NULL OR a.city_ids @> ARRAY[l.city_id])
          AND (a.type IS NULL OR a.type = l.type)
          AND (a.term IS NULL OR a.term = l.term)
          AND (a.gender_pref IS NULL OR l.gender_pref IN (a.gender_pref, 'any'))
          AND (a.has_contract IS NULL OR a.has_contract = l.has_contract)
          AND (a.available_by IS NULL OR l.start_date IS NULL OR l.start_date <= a.available_by)
          AND (a.bbox IS NULL OR (l.public_lng BETWEEN a.bbox[1] AND a.bbox[3] AND l.public_lat BETWEEN a.bbox[2] AND a.bbox[4]))
          AND ((l.rent_minor IS NOT NULL
                AND CASE WHEN l.currency = 'IRR' AND (a.min_rial IS NOT NULL OR a.max_rial IS NOT NULL)
                         THEN (a.min_rial IS NULL OR l.rent_minor >= a.min_rial) AND (a.max_rial IS NULL OR l.rent_minor <= a.max_rial)
                         ELSE (a.min_eur_cents IS NULL OR l.rent_eur_cents >= a.min_eur_cents)
                              AND (a.max_eur_cents IS NULL OR l.rent_eur_cents <= a.max_eur_cents) END)
               OR (a.include_negotiable AND l.rent_minor IS NULL))),
     matched AS (
       INSERT INTO alert_matches (alert_id, listing_id) SELECT hit.alert_id, l.id FROM hit, l
       ON CONFLICT (alert_id, listing_id) DO NOTHING RETURNING alert_id),
     fresh AS (
       SELECT hit.*, u.language, u.telegram_id, l.id AS listing_id, l.slug, l.rent_minor, l.currency,
              COALESCE(l.city_names->>u.language, l.city_names->>'en') AS city,
              COALESCE($4::jsonb ->> u.language, $4::jsonb ->> $6::text) AS price
         FROM matched JOIN hit USING (alert_id) JOIN users u ON u.id = hit.user_id CROSS JOIN l),
     counted AS (
       UPDATE alerts a SET last_triggered = now(), new_listings_count = a.new_listings_count + 1
         FROM fresh WHERE a.id = fresh.alert_id RETURNING a.id),
     inbox AS (
       INSERT INTO notifications (user_id, alert_id, title, body, data)
       SELECT user_id, alert_id, name, concat_ws(' · ', city, price),
              jsonb_build_object('listing_id', listing_id, 'url', $5::text || slug)
         FROM fresh RETURNING id, user_id),
     told AS (SELECT pg_notify($2, user_id::text) FROM (SELECT DISTINCT user_id FROM inbox) u),
     queued AS (
       INSERT INTO notification_outbox (user_id, channel, payload, dedupe_key)
       SELECT DISTINCT ON (d.channel, d.address) f.user_id, d.channel,
              jsonb_build_object('alert_id', f.alert_id, 'listing_id', f.listing_id, 'title', f.name, 'city', f.city,
                                 'price', f.price, 'url', $5::text || f.slug, 'language', f.language, 'tag', 'listing-' || f.listing_id)
              || d.target,
              'listing:' || f.listing_id || ':' || d.channel || ':' || md5(d.address)
         FROM fresh f
         CROSS JOIN LATERAL (
           SELECT 'telegram' AS channel, jsonb_build_object('chat_id', f.telegram_id::text) AS target, f.telegram_id::text AS address
            WHERE 'telegram' = ANY(f.channels) AND f.telegram_id IS NOT NULL
           UNION ALL
           SELECT p.kind, jsonb_build_object('subscription_id', p.id), p.endpoint
             FROM push_subscriptions p WHERE 'push' = ANY(f.channels) AND p.user_id = f.user_id) d
        WHERE f.frequency = 'instant'
        ORDER BY d.channel, d.address, f.alert_id
       ON CONFLICT (dedupe_key) DO NOTHING
       RETURNING id),
     woken AS (SELECT pg_notify($3, '') WHERE EXISTS (SELECT 1 FROM queued))
     SELECT (SELECT count(*) FROM counted)::int AS matched, (SELECT count(*) FROM queued)::int AS outbox,
            (SELECT count(*) FROM inbox)::int AS inbox, (SELECT count(*) FROM told)::int AS told,
            (SELECT count(*) FROM woken)::int AS woken`,
    // the listing's page, unprefixed (shared/seo.ts listingPath): each reader's language is added where the link is shown or sent
    [listingId, UNREAD_CHANNEL, OUTBOX_CHANNEL, JSON.stringify(prices), LISTING_PATH_PREFIX, DEFAULT_LOCALE],
  )
  return { matched: row?.matched ?? 0, outbox: row?.outbox ?? 0 }
}

/** The listing's rent as a card shows it in each language (formatRent: rials with Persian digits in fa); none when negotiable. */
async function pricesByLanguage(db: Queryable, listingId: number): Promise<Partial<Record<LocaleCode, string>>> {
  const [listing] = await db.query<{ rent_minor: string | number | null; currency: string }>(
    `SELECT rent_minor, currency FROM listings WHERE id = $1`,
    [listingId],
  )
  if (!listing || listing.rent_minor === null || Number(listing.rent_minor) === 0) return {}
  const rent = Number(listing.rent_minor) / 10 ** currencyExponent(listing.currency)
  return Object.fromEntries(LOCALE_CODES.map((code) => [code, formatRent(rent, listing.currency, code)]))
}
