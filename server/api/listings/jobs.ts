import { LISTING_ACTIVE_DAYS } from '../../../shared/constants.ts'
import type { Translator } from '../../integrations/translator/translator.ts'
import type { Db } from '../db/client.ts'
import type { ViewCounter } from './analytics/views.ts'
import { ownerListingsRepo } from './owner/owner.repo.ts'
import type { PublicListingsService } from './public/public.service.ts'
import { translationWorker, type TranslationRun } from './translations/translation-worker.ts'

/** How often each background job of the listings module runs. */
export const JOB_INTERVALS_MS = { expire: 10 * 60_000, flushViews: 5_000, translate: 60_000 } as const

interface JobLog {
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
  info(obj: object, msg: string): void
}

/**
 * The listings module's background work inside the API process (issue 4): the expiry sweep, the
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
  const running = new Set<Promise<unknown>>()
  const busy = new Set<string>()
  const timers: NodeJS.Timeout[] = []

  /** Runs a job in the background unless the previous run is still going; failures are logged, never thrown. */
  function tick(name: string, job: () => Promise<unknown>): void {
    if (busy.has(name)) return
    busy.add(name)
    const run = job()
      .catch((err: unknown) => log.error({ err }, `listings.${name}_failed`))
      .finally(() => {
        busy.delete(name)
        running.delete(run)
      })
    running.add(run)
  }

  const jobs = {
    /** Expires active listings past LISTING_ACTIVE_DAYS (docs/decisions/014-listing-statuses-and-moderation.md), dropping the public cache when any changed; forgets old view visitors. */
    async expire(): Promise<number> {
      await views.forgetOldVisitors()
      const expired = await ownerListingsRepo(db).expireActive(LISTING_ACTIVE_DAYS)
      if (expired > 0) {
        listings.invalidate()
        log.info({ expired }, 'listings.expired')
      }
      return expired
    },

    /** Writes the page views counted so far. */
    flushViews: (): Promise<number> => views.flush(),

    /** One run of the translation worker; nothing without a translator. */
    async translate(): Promise<TranslationRun> {
      return worker ? worker.runOnce(abort.signal) : { stored: 0, failed: 0 }
    },

    /** The sweep now and every 10 minutes, views every 5 s, translations every minute. */
    start(): void {
      if (timers.length > 0) return
      tick('expire', jobs.expire)
      timers.push(setInterval(() => tick('expire', jobs.expire), JOB_INTERVALS_MS.expire))
      timers.push(setInterval(() => tick('flush_views', jobs.flushViews), JOB_INTERVALS_MS.flushViews))
      if (worker) timers.push(setInterval(() => tick('translate', jobs.translate), JOB_INTERVALS_MS.translate))
      for (const timer of timers) timer.unref()
    },

    /** Stops the timers, cancels a translation in flight and writes the last views. */
    async stop(): Promise<void> {
      for (const timer of timers.splice(0)) clearInterval(timer)
      abort.abort()
      await Promise.allSettled(running)
      await jobs.flushViews().catch((err: unknown) => log.error({ err }, 'listings.flush_views_failed'))
    },
  }
  return jobs
}
export type ListingJobs = ReturnType<typeof listingJobs>
