import type { Queryable } from '../db/client.ts'

export type PushKind = 'web_push' | 'fcm'

/** The devices a user gets pushes on; a new one beyond them replaces the least recently refreshed (docs/decisions/020-alerts-and-outbox.md). */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10

/** SQL of the users' push subscriptions: a browser's Web Push endpoint or a device's FCM token (docs/decisions/020-alerts-and-outbox.md). */
export function pushSubscriptionsRepo(db: Queryable) {
  return {
    /**
     * Saves a subscription, or refreshes it (its keys and `refreshed_at`) when it is already this
     * user's; null when another user registered that endpoint or token first, which is left as it is.
     */
    async save(
      userId: number,
      sub: { kind: PushKind; endpoint: string; p256dh: string | null; auth: string | null },
    ): Promise<{ refreshed_at: Date } | null> {
      const [row] = await db.query<{ refreshed_at: Date }>(
        `INSERT INTO push_subscriptions (user_id, kind, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (kind, endpoint) DO UPDATE SET p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, refreshed_at = now()
           WHERE push_subscriptions.user_id = EXCLUDED.user_id
         RETURNING refreshed_at`,
        [userId, sub.kind, sub.endpoint, sub.p256dh, sub.auth],
      )
      return row ?? null
    },

    /** Deletes the user's subscriptions beyond the 10 most recently refreshed; how many went. Call under the user's row lock. */
    async keepNewest(userId: number, keep = PUSH_SUBSCRIPTIONS_PER_USER): Promise<number> {
      const gone = await db.query(
        `DELETE FROM push_subscriptions WHERE id IN (
           SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY refreshed_at DESC, id DESC OFFSET $2)
         RETURNING id`,
        [userId, keep],
      )
      return gone.length
    },

    /** Forgets the user's own subscription; false when they have none by that endpoint or token. */
    async remove(userId: number, kind: PushKind, endpoint: string): Promise<boolean> {
      const rows = await db.query(
        `DELETE FROM push_subscriptions WHERE user_id = $1 AND kind = $2 AND endpoint = $3 RETURNING id`,
        [userId, kind, endpoint],
      )
      return rows.length > 0
    },
  }
}
