import { LISTING_ACTIVE_DAYS } from '../../../shared/constants.ts'
import type { Translator } from '../../integrations/translator/translator.ts'
import { jobRunner, type JobLog } from '../../lib/job-runner.ts'
import type { Db } from '../db/client.ts'
import type { ViewCounter } from './analytics/views.ts'
import { ownerListingsRepo } from './owner/owner.repo.ts'
import type { PublicListingsService } from './public/public.service.ts'
import { translationWorker, type TranslationRun } from './translations/translation-worker.ts'

/** How often each background job of the listings module runs. */
export const JOB_INTERVALS_MS = { expire: 10 * 60_000, flushViews: 5_000, translate: 60_000 } as const

/**
 * The listings module's background work inside the API process (docs/decisions/037-background-jobs.md): the expiry sweep, the
 * batched write of page views and, with a translator, the translation worker. Each run is also
 * callable directly (tests, scripts); timers are unref'd and stopped on close.
 */
export function listingJobs(
  db: Db,
  options: { listings: PublicListingsService; views: ViewCounter; translator?: Translator; log: JobLog },
) {
  const { listings, views, log } = options
  const abort = new AbortController()
  const worker = options.translator
    ? translationWorker(db, options.translator, { log, onStored: () => listings.invalidate() })
    : null
  const runner = jobRunner('listings', log)

  const jobs = {
    /**
     * Expires active listings past LISTING_ACTIVE_DAYS (docs/decisions/014-listing-statuses-and-moderation.md), dropping the public
     * cache when any changed; forgets old viewers of listings. One process at a time: null when another is sweeping (docs/decisions/033-jobs-once-across-processes.md).
     */
    expire: (): Promise<number | null> =>
      db.runAlone('listings.expire', async () => {
        await views.forgetOldViewers()
        const expired = await ownerListingsRepo(db).expireActive(LISTING_ACTIVE_DAYS)
        if (expired > 0) {
          listings.invalidate()
          log.info({ expired }, 'listings.expired')
        }
        return expired
      }),

    /** Writes the page views counted so far by this process (every process flushes its own). */
    flushViews: (): Promise<number> => views.flush(),

    /** One run of the translation worker; nothing without a translator. */
    async translate(): Promise<TranslationRun> {
      return worker ? worker.runOnce(abort.signal) : { stored: 0, failed: 0 }
    },

    /** The sweep now and every 10 minutes, views every 5 s, translations every minute. */
    start(): void {
      if (runner.started) return
      runner.every('expire', JOB_INTERVALS_MS.expire, jobs.expire, { now: true })
      runner.every('flush_views', JOB_INTERVALS_MS.flushViews, jobs.flushViews)
      if (worker) runner.every('translate', JOB_INTERVALS_MS.translate, jobs.translate)
    },

    /** Stops the timers, cancels a translation in flight and writes the last views. */
    async stop(): Promise<void> {
      abort.abort()
      await runner.stop()
      await jobs.flushViews().catch((err: unknown) => log.error({ err }, 'listings.flush_views_failed'))
    },
  }
  return jobs
}
export type ListingJobs = ReturnType<typeof listingJobs>
