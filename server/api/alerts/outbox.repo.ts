import type { NotificationPayload, OutboxChannel, PushTarget } from '../../integrations/notify/notifier.ts'
import type { Queryable } from '../db/client.ts'

export interface OutboxRow {
  id: number
  user_id: number
  channel: OutboxChannel
  payload: NotificationPayload
  attempts: number
  /** The push subscription of a Web Push / FCM row; null when it was deleted meanwhile. */
  subscription: PushTarget | null
}

/** SQL of the notification outbox (docs/decisions/020-alerts-and-outbox.md). */
export function outboxRepo(db: Queryable) {
  return {
    /**
     * Claims up to `limit` due rows of these channels: locked with SKIP LOCKED (a second worker takes
     * others), counted as an attempt and leased until `leaseMs` from now, so no other worker claims
     * them while this one sends; a worker that dies leaves them due again when the lease ends.
     */
    async claim(channels: OutboxChannel[], limit: number, leaseMs: number): Promise<OutboxRow[]> {
      if (channels.length === 0) return []
      return db.query<OutboxRow>(
        `UPDATE notification_outbox o SET attempts = o.attempts + 1, next_attempt_at = now() + make_interval(secs => $3::float8 / 1000)
          WHERE o.id IN (SELECT id FROM notification_outbox
                          WHERE sent_at IS NULL AND parked_at IS NULL AND next_attempt_at <= now() AND channel = ANY($1::text[])
                          ORDER BY next_attempt_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING o.id::int AS id, o.user_id, o.channel, o.payload, o.attempts,
                   (SELECT jsonb_build_object('endpoint', p.endpoint, 'p256dh', p.p256dh, 'auth', p.auth)
                      FROM push_subscriptions p WHERE p.id = (o.payload->>'subscription_id')::int) AS subscription`,
        [channels, limit, leaseMs],
      )
    },

    async markSent(id: number): Promise<void> {
      await db.query(`UPDATE notification_outbox SET sent_at = now(), last_error = NULL WHERE id = $1`, [id])
    },

    /** A failure: tried again after `retryInMs`, or parked (kept with its error, never tried again) when null. */
    async markFailed(id: number, error: string, retryInMs: number | null): Promise<void> {
      await db.query(
        retryInMs === null
          ? `UPDATE notification_outbox SET last_error = $2, parked_at = now() WHERE id = $1`
          : `UPDATE notification_outbox SET last_error = $2, next_attempt_at = now() + make_interval(secs => $3::float8 / 1000) WHERE id = $1`,
        retryInMs === null ? [id, error.slice(0, 1000)] : [id, error.slice(0, 1000), retryInMs],
      )
    },

    /** The push service said the subscription is gone (404/410). */
    async deleteSubscription(id: number): Promise<void> {
      await db.query(`DELETE FROM push_subscriptions WHERE id = $1`, [id])
    },
  }
}
