import type { NotificationSender, OutboxChannel, OutboxSender } from '../../integrations/notify/notifier.ts'
import type { JobLog } from '../../lib/job-runner.ts'
import type { Db } from '../db/client.ts'
import { outboxRepo, type OutboxRow } from './outbox.repo.ts'

/** How many times a row is tried before it is parked, and the waits between tries. */
export const OUTBOX_MAX_ATTEMPTS = 6
export const OUTBOX_BATCH = 50
/** A claimed row is someone's for this long: a worker that died mid-send leaves it due again after it. */
export const OUTBOX_LEASE_MS = 5 * 60_000

/** 30 s, 2 min, 8 min, 32 min, 2 h 8 min … (×4 each try, capped at 6 h). */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 4 ** Math.max(0, attempts - 1), 6 * 3_600_000)
}

export interface OutboxRun {
  sent: number
  retried: number
  parked: number
}

/**
 * Delivers the outbox through the channel senders it has (docs/decisions/020-alerts-and-outbox.md).
 * Rows of a channel without a sender wait for one. Any number of workers may run at once.
 */
export function outboxWorker(
  db: Db,
  senders: OutboxSender[],
  options: { log: JobLog; maxAttempts?: number; batch?: number },
) {
  const byChannel = new Map<OutboxChannel, OutboxSender>(senders.map((s) => [s.channel, s]))
  const channels = [...byChannel.keys()]
  const maxAttempts = options.maxAttempts ?? OUTBOX_MAX_ATTEMPTS
  const batch = options.batch ?? OUTBOX_BATCH
  const repo = outboxRepo(db)

  async function deliver(row: OutboxRow, signal?: AbortSignal): Promise<keyof OutboxRun> {
    const pushRow = row.payload.subscription_id !== undefined
    if (pushRow && !row.subscription) {
      // unsubscribed (or gone) since the match: nobody to send it to
      await repo.markFailed(row.id, 'push subscription no longer exists', null)
      return 'parked'
    }
    const payload = pushRow ? { ...row.payload, subscription: row.subscription! } : row.payload
    const result = await (byChannel.get(row.channel) as NotificationSender<unknown>).send(payload, signal)
    if (result.ok) {
      await repo.markSent(row.id)
      return 'sent'
    }
    if (result.gone && row.payload.subscription_id !== undefined)
      await repo.deleteSubscription(row.payload.subscription_id)
    const retry = result.retry && !result.gone && row.attempts < maxAttempts
    await repo.markFailed(row.id, result.error, retry ? backoffMs(row.attempts) : null)
    if (!retry)
      options.log.warn({ outbox_id: row.id, channel: row.channel, error: result.error }, 'alerts.outbox_parked')
    return retry ? 'retried' : 'parked'
  }

  return {
    channels,
    /** Claims and sends due rows until none is left. */
    async runOnce(signal?: AbortSignal): Promise<OutboxRun> {
      const run: OutboxRun = { sent: 0, retried: 0, parked: 0 }
      for (;;) {
        if (signal?.aborted) return run
        const rows = await repo.claim(channels, batch, OUTBOX_LEASE_MS)
        if (rows.length === 0) return run
        for (const outcome of await Promise.all(rows.map((row) => deliver(row, signal)))) run[outcome]++
      }
    },
  }
}
export type OutboxWorker = ReturnType<typeof outboxWorker>
