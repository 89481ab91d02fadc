import { LOCALE_CODES, type LocaleCode } from '../../../../shared/locales.ts'
import type { ListingTranslations } from '../../../../shared/schemas/listing.ts'
import { AppError } from '../../../lib/errors.ts'
import type { Db } from '../../db/client.ts'
import { canSee, type Viewer } from '../../policy.ts'
import { translationsRepo } from './translations.repo.ts'

/** Stored machine translations of listing descriptions, as readers ask for them (docs/decisions/017-listing-translations.md). */
export function listingTranslationsService(db: Db) {
  const repo = translationsRepo(db)
  return {
    /** GET /listings/{id}/translations: as public as the listing (policy.ts); anyone else gets the answer a missing listing gets. */
    async translationsOf(idOrSlug: string, viewer: Viewer | null): Promise<ListingTranslations> {
      const row = await repo.findSource(idOrSlug)
      if (!row || !canSee(viewer, row)) throw new AppError('NOT_FOUND', 'Listing not found')
      const stored = await repo.translationsOf(row.id)
      const order = (language: string) => LOCALE_CODES.indexOf(language as LocaleCode)
      return {
        original_language: row.original_language,
        original_description: row.description,
        translations: stored
          .filter((t) => t.language !== row.original_language)
          .sort((a, b) => order(a.language) - order(b.language)),
      }
    },
  }
}
export type ListingTranslationsService = ReturnType<typeof listingTranslationsService>
