import { LOCALE_CODES } from '../../../../shared/locales.ts'
import type { Translator } from '../../../integrations/translator/translator.ts'
import type { Queryable } from '../../db/client.ts'
import { translationProblem } from './translation-check.ts'
import { translationsRepo } from './translations.repo.ts'

export interface TranslationWorkerOptions {
  /** Listings looked at per run (default 10). */
  batch?: number
  /** First wait before a failed listing is tried again, doubled per failure (default 60 s, at most 1 h). */
  retryBaseMs?: number
  /** Called after a run that stored translations (the public cache is dropped). */
  onStored?: () => void
  log?: { warn(obj: object, msg: string): void }
}

export interface TranslationRun {
  stored: number
  failed: number
  /** Translations not stored because they add what the original does not have (translation-check.ts). */
  refused?: number
}

const MAX_RETRY_MS = 3_600_000
/** A claimed listing is this worker's for so long: five calls of at most 20 s each fit with room to spare; a worker that died leaves it free after it. */
export const TRANSLATION_LEASE_MS = 10 * 60_000

/**
 * Translates the descriptions of active listings into the other five languages, one call at a time,
 * off the request path (docs/decisions/017-listing-translations.md). Each listing is claimed with a
 * lease first, so any number of workers (processes) translate each text once
 * (docs/decisions/033-jobs-once-across-processes.md). A failure stops the run and puts that listing
 * off, for every worker.
 */
export function translationWorker(db: Queryable, translator: Translator, options: TranslationWorkerOptions = {}) {
  const repo = translationsRepo(db)
  const batch = options.batch ?? 10
  const retryBaseMs = options.retryBaseMs ?? 60_000

  async function runOnce(signal?: AbortSignal): Promise<TranslationRun> {
    const run: TranslationRun = { stored: 0, failed: 0 }
    for (let taken = 0; taken < batch && !signal?.aborted; taken++) {
      const listing = await repo.claim(TRANSLATION_LEASE_MS)
      if (!listing) break
      const source = { description: listing.description, language: listing.original_language }
      try {
        const have = new Set(await repo.languagesOf(listing.id))
        const missing = LOCALE_CODES.filter((l) => l !== listing.original_language && !have.has(l))
        for (const to of missing) {
          const text = await translator.translate(listing.description, listing.original_language, to, signal)
          const problem = translationProblem(listing.description, text)
          if (problem) {
            // not stored: readers of that language see the owner's text
            options.log?.warn({ listingId: listing.id, language: to, problem }, 'translations.refused')
            run.refused = (run.refused ?? 0) + 1
            continue
          }
          if (await repo.store(listing.id, to, text, source)) run.stored++
        }
        await repo.markTranslated(listing.id, source)
        await repo.finish(listing.id)
      } catch (err) {
        if (signal?.aborted) {
          await repo.release(listing.id)
          break
        }
        const attempts = listing.attempts + 1
        await repo.putOff(listing.id, Math.min(MAX_RETRY_MS, retryBaseMs * 2 ** (attempts - 1)))
        const e = err as { message?: string; status?: number }
        options.log?.warn(
          { listingId: listing.id, attempts, reason: e.message, status: e.status },
          'translations.failed',
        )
        run.failed++
        // most failures are the service's (down, rate-limited): the next run tries again
        break
      }
    }
    if (run.stored > 0) options.onStored?.()
    return run
  }

  return { runOnce }
}
export type TranslationWorker = ReturnType<typeof translationWorker>
