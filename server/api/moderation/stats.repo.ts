import { STATS_DAYS } from '../../../shared/schemas/moderation.ts'
import type { Queryable } from '../db/client.ts'

// The admin overview's series (docs/decisions/023-site-overview-charts.md): the last STATS_DAYS days in UTC, today included. Each table
// is read once, grouped by day; nothing is queried per day or per row.
const PERIOD = `
  bounds AS (SELECT (now() AT TIME ZONE 'UTC')::date AS today),
  period AS (SELECT today - ${STATS_DAYS - 1} AS first_day, today,
                    ((today - ${STATS_DAYS - 1})::timestamp AT TIME ZONE 'UTC') AS since FROM bounds)`

export interface DayRow {
  day: string
  signups: number
  search: number
  analyze: number
  compare: number
  refunded: number
  telegram: number
  web_push: number
  fcm: number
  email: number
}

export interface RevenueRow {
  day: string
  product: 'subscription' | 'contact' | 'boost'
  currency: string
  amount_minor: number
  payments: number
}

export function statsRepo(db: Queryable) {
  return {
    /** One row per day, oldest first: sign-ups (accounts not deleted), AI credits taken and given back, alerts sent per channel. */
    async days(): Promise<DayRow[]> {
      return db.query<DayRow>(
        `WITH ${PERIOD},
           days AS (SELECT generate_series(first_day, today, interval '1 day')::date AS day FROM period),
           signups AS (
             SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS signups
               FROM users, period WHERE deleted_at IS NULL AND created_at >= since GROUP BY 1),
           ai AS (
             SELECT (created_at AT TIME ZONE 'UTC')::date AS day,
                    (count(*) FILTER (WHERE reason = 'search'))::int AS search,
                    (count(*) FILTER (WHERE reason = 'analyze'))::int AS analyze,
                    (count(*) FILTER (WHERE reason = 'compare'))::int AS compare,
                    (count(*) FILTER (WHERE reason = 'refund'))::int AS refunded
               FROM ai_credit_ledger, period WHERE created_at >= since GROUP BY 1),
           sent AS (
             SELECT (sent_at AT TIME ZONE 'UTC')::date AS day,
                    (count(*) FILTER (WHERE channel = 'telegram'))::int AS telegram,
                    (count(*) FILTER (WHERE channel = 'web_push'))::int AS web_push,
                    (count(*) FILTER (WHERE channel = 'fcm'))::int AS fcm,
                    (count(*) FILTER (WHERE channel = 'email'))::int AS email
               FROM notification_outbox, period WHERE sent_at >= since GROUP BY 1)
         SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
                coalesce(s.signups, 0) AS signups,
                coalesce(ai.search, 0) AS search, coalesce(ai.analyze, 0) AS analyze,
                coalesce(ai.compare, 0) AS compare, coalesce(ai.refunded, 0) AS refunded,
                coalesce(sent.telegram, 0) AS telegram, coalesce(sent.web_push, 0) AS web_push,
                coalesce(sent.fcm, 0) AS fcm, coalesce(sent.email, 0) AS email
           FROM days d
           LEFT JOIN signups s ON s.day = d.day
           LEFT JOIN ai ON ai.day = d.day
           LEFT JOIN sent ON sent.day = d.day
          ORDER BY d.day`,
      )
    },

    /** Paid payments in the period by the day they were paid, product and currency (refunded ones left out). */
    async revenue(): Promise<RevenueRow[]> {
      return db.query<RevenueRow>(
        `WITH ${PERIOD}
         SELECT to_char((paid_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, kind AS product, currency,
                sum(amount_minor)::int AS amount_minor, count(*)::int AS payments
           FROM payments, period
          WHERE status = 'paid' AND paid_at >= since
          GROUP BY 1, 2, 3
          ORDER BY 1, 2, 3`,
      )
    },

    /** Active listings per country, most first. */
    async activeByCountry(): Promise<Array<{ country_code: string; n: number }>> {
      return db.query(
        `SELECT country_code, count(*)::int AS n FROM listings WHERE status = 'active'
          GROUP BY country_code ORDER BY n DESC, country_code`,
      )
    },

    /** Alert notifications given up on in the period. */
    async parked(): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        `WITH ${PERIOD} SELECT count(*)::int AS n FROM notification_outbox, period WHERE parked_at >= since`,
      )
      return row!.n
    },
  }
}
