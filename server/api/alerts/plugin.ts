import fp from 'fastify-plugin'
import { API_PREFIX } from '../../../shared/paths.ts'
import type { OutboxSender } from '../../integrations/notify/notifier.ts'
import { jobRunner } from '../../lib/job-runner.ts'
import { OUTBOX_CHANNEL } from './alerts.repo.ts'
import { alertsRoutes } from './alerts.routes.ts'
import { alertsService } from './alerts.service.ts'
import { pushKeyRoutes } from './push-key.routes.ts'
import { writeDigests } from './digest.repo.ts'
import { outboxWorker, type OutboxWorker } from './outbox.worker.ts'
import { unreadStreams, type UnreadStreams } from './unread-stream.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The notification outbox's worker (also run directly by tests and scripts). */
    alertOutbox: OutboxWorker
    /** The open live unread-count streams of this process. */
    unreadStreams: UnreadStreams
    /** Writes the daily e-mail digests due at `now` into the outbox (run hourly; also by tests). */
    alertDigests: (now?: Date) => Promise<number>
  }
}

export interface AlertsOptions {
  /** One sender per outbox channel that is configured (server/main.ts); rows of other channels wait. */
  senders?: OutboxSender[]
  /** Tests only: push subscriptions to http:// and private addresses are accepted (WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS). */
  allowPrivatePushEndpoints?: boolean
  /** How often the outbox is polled besides being woken (default ALERT_JOB_INTERVALS_MS.deliver); null: never in the background — tests drive `alertOutbox.runOnce()` themselves. */
  outboxPollMs?: number | null
  /** The VAPID public key the Web Push sender signs with, told to gateways by GET /push/public-key. */
  vapidPublicKey?: string
}

/** How often the outbox is delivered, the plan limits are swept (premium periods end without a request) and the daily digests written (the first run of a UTC day writes the day before's). */
export const ALERT_JOB_INTERVALS_MS = { deliver: 2_000, limits: 15 * 60_000, digests: 60 * 60_000 } as const

/** /alerts (docs/decisions/020-alerts-and-outbox.md): saved searches, matches, the inbox, push subscriptions; the outbox worker and the limit sweep. */
export default fp<AlertsOptions>(
  async (app, options) => {
    const alerts = alertsService(app.db, {
      listings: app.publicListings,
      allowPrivatePushEndpoints: options.allowPrivatePushEndpoints ?? false,
    })
    const outbox = outboxWorker(app.db, options.senders ?? [], { log: app.log })
    app.decorate('alertOutbox', outbox)
    const unread = unreadStreams(app.db, { log: app.log })
    app.decorate('unreadStreams', unread)
    app.decorate('alertDigests', (now?: Date) => writeDigests(app.db, now))

    const abort = new AbortController()
    let stopListening: (() => Promise<void>) | undefined
    const jobs = jobRunner('alerts', app.log)
    app.addHook('onReady', async () => {
      // one process at a time (docs/decisions/033-jobs-once-across-processes.md); the outbox is claimed row by row instead
      const { runAlone } = app.db
      jobs.every('limits', ALERT_JOB_INTERVALS_MS.limits, () => runAlone('alerts.limits', alerts.sweepLimits), {
        now: true,
      })
      jobs.every(
        'digests',
        ALERT_JOB_INTERVALS_MS.digests,
        () => runAlone('alerts.digests', () => writeDigests(app.db)),
        {
          now: true,
        },
      )
      const pollMs = options.outboxPollMs === undefined ? ALERT_JOB_INTERVALS_MS.deliver : options.outboxPollMs
      if (outbox.channels.length === 0 || pollMs === null) return
      const deliver = () => outbox.runOnce(abort.signal)
      // woken by the approval's NOTIFY (within milliseconds); the poll still picks up retries that
      // come due and any row whose NOTIFY was missed (the listener reconnecting)
      stopListening = await app.db
        .listen(OUTBOX_CHANNEL, () => jobs.wake('deliver', deliver))
        .catch((err: unknown) => {
          app.log.warn({ err }, 'alerts.outbox_listen_failed')
          return undefined
        })
      jobs.every('deliver', pollMs, deliver)
    })
    // streams never finish by themselves: ended before the server closes, it waits for none of them
    app.addHook('preClose', unread.close)
    app.addHook('onClose', async () => {
      abort.abort()
      await stopListening?.()
      await jobs.stop()
    })

    await app.register(alertsRoutes, { prefix: API_PREFIX, alerts, unread })
    await app.register(pushKeyRoutes, { prefix: API_PREFIX, vapidPublicKey: options.vapidPublicKey })
  },
  { name: 'alerts', fastify: '5.x', dependencies: ['db', 'authentication', 'listings'] },
)
