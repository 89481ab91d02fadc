import type { LocaleCode } from '../../../../shared/locales.ts'
import type { Queryable } from '../../db/client.ts'

/** A listing's text as its owner wrote it, with what tells who may read it. */
export interface SourceRow {
  id: number
  owner_id: number
  status: string
  description: string
  original_language: string
}

export interface UntranslatedRow {
  id: number
  description: string
  original_language: LocaleCode
}

/** SQL of stored listing translations (docs/decisions/017-listing-translations.md). */
export function translationsRepo(db: Queryable) {
  return {
    /** Active listings still missing a translation, newest first, leaving out `skip`. */
    async untranslated(skip: number[], limit: number): Promise<UntranslatedRow[]> {
      return db.query<UntranslatedRow>(
        `SELECT id, description, original_language FROM listings
          WHERE status = 'active' AND translated_at IS NULL AND NOT (id = ANY($1::int[]))
          ORDER BY id DESC LIMIT $2`,
        [skip, limit],
      )
    },

    async languagesOf(listingId: number): Promise<string[]> {
      const rows = await db.query<{ language: string }>(
        `SELECT language FROM listing_translations WHERE listing_id = $1`,
        [listingId],
      )
      return rows.map((r) => r.language)
    },

    /** Stores a translation of `source`; nothing when the listing's text changed meanwhile. */
    async store(
      listingId: number,
      language: string,
      description: string,
      source: { description: string; language: string },
    ): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO listing_translations (listing_id, language, description)
         SELECT id, $2, $3 FROM listings WHERE id = $1 AND description = $4 AND original_language = $5
         ON CONFLICT (listing_id, language) DO NOTHING RETURNING listing_id`,
        [listingId, language, description, source.description, source.language],
      )
      return rows.length === 1
    },

    /** Every language is stored: the worker leaves this text alone from now on. */
    async markTranslated(listingId: number, source: { description: string; language: string }): Promise<void> {
      await db.query(
        `UPDATE listings SET translated_at = now() WHERE id = $1 AND description = $2 AND original_language = $3`,
        [listingId, source.description, source.language],
      )
    },

    /** A listing by numeric id or slug, whatever its status. */
    async findSource(idOrSlug: string): Promise<SourceRow | null> {
      const byId = /^\d{1,9}$/.test(idOrSlug)
      const [row] = await db.query<SourceRow>(
        `SELECT id, owner_id, status, description, original_language FROM listings WHERE ${byId ? 'id = $1::int' : 'slug = $1'}`,
        [idOrSlug],
      )
      return row ?? null
    },

    async translationsOf(listingId: number): Promise<Array<{ language: string; description: string }>> {
      return db.query<{ language: string; description: string }>(
        `SELECT language, description FROM listing_translations WHERE listing_id = $1`,
        [listingId],
      )
    },
  }
}
