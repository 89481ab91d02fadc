import { LOCALE_CODES, type LocaleCode } from '../../../../shared/locales.ts'
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

/**
 * Translates the descriptions of active listings into the other five languages, one call at a time,
 * off the request path (docs/decisions/017-listing-translations.md). A failure stops the run and puts that listing on a backoff.
 */
export function translationWorker(db: Queryable, translator: Translator, options: TranslationWorkerOptions = {}) {
  const repo = translationsRepo(db)
  const batch = options.batch ?? 10
  const retryBaseMs = options.retryBaseMs ?? 60_000
  const failures = new Map<number, { attempts: number; retryAt: number }>()

  async function runOnce(signal?: AbortSignal): Promise<TranslationRun> {
    const now = Date.now()
    const waiting = [...failures].filter(([, f]) => f.retryAt > now).map(([id]) => id)
    const listings = await repo.untranslated(waiting, batch)
    const run: TranslationRun = { stored: 0, failed: 0 }
    for (const listing of listings) {
      if (signal?.aborted) break
      const source = { description: listing.description, language: listing.original_language }
      const have = new Set(await repo.languagesOf(listing.id))
      const missing = LOCALE_CODES.filter((l) => l !== listing.original_language && !have.has(l))
      try {
        for (const to of missing) {
          const text = await translator.translate(
            listing.description,
            listing.original_language as LocaleCode,
            to,
            signal,
          )
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
        failures.delete(listing.id)
      } catch (err) {
        if (signal?.aborted) break
        const attempts = (failures.get(listing.id)?.attempts ?? 0) + 1
        if (failures.size > 10_000) failures.clear()
        failures.set(listing.id, {
          attempts,
          retryAt: Date.now() + Math.min(MAX_RETRY_MS, retryBaseMs * 2 ** (attempts - 1)),
        })
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
