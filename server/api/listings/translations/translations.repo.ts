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

export interface ClaimedRow {
  id: number
  description: string
  original_language: LocaleCode
  /** Failed attempts at this text so far. */
  attempts: number
}

/** SQL of stored listing translations (docs/decisions/017-listing-translations.md). */
export function translationsRepo(db: Queryable) {
  return {
    /**
     * Claims the newest active listing still missing a translation that nobody holds: leased to this
     * worker for `leaseMs` (docs/decisions/033-jobs-once-across-processes.md). Listings another
     * worker is claiming are skipped (SKIP LOCKED); the lease's primary key settles two claims of the
     * same listing, so only one of them gets it. Null when none is free.
     */
    async claim(leaseMs: number): Promise<ClaimedRow | null> {
      const [row] = await db.query<ClaimedRow>(
        `WITH candidate AS (
           SELECT l.id FROM listings l
            WHERE l.status = 'active' AND l.translated_at IS NULL
              AND NOT EXISTS (SELECT 1 FROM listing_translation_leases t WHERE t.listing_id = l.id AND t.due_at > now())
            ORDER BY l.id DESC LIMIT 1
              FOR NO KEY UPDATE OF l SKIP LOCKED),
         claimed AS (
           INSERT INTO listing_translation_leases AS t (listing_id, due_at)
           SELECT id, now() + make_interval(secs => $1::float8 / 1000) FROM candidate
           ON CONFLICT (listing_id) DO UPDATE SET due_at = EXCLUDED.due_at WHERE t.due_at <= now()
           RETURNING t.listing_id, t.attempts)
         SELECT l.id, l.description, l.original_language, c.attempts
           FROM listings l JOIN claimed c ON c.listing_id = l.id`,
        [leaseMs],
      )
      return row ?? null
    },

    /** The claimed listing is done: its lease goes, and with it the count of failed attempts. */
    async finish(listingId: number): Promise<void> {
      await db.query(`DELETE FROM listing_translation_leases WHERE listing_id = $1`, [listingId])
    },

    /** The claimed listing failed: nobody tries it again for `waitMs`. */
    async putOff(listingId: number, waitMs: number): Promise<void> {
      await db.query(
        `UPDATE listing_translation_leases SET attempts = attempts + 1, due_at = now() + make_interval(secs => $2::float8 / 1000)
          WHERE listing_id = $1`,
        [listingId, waitMs],
      )
    },

    /** The claimed listing was left unfinished (shutdown): any worker may claim it at once. */
    async release(listingId: number): Promise<void> {
      await db.query(`UPDATE listing_translation_leases SET due_at = now() WHERE listing_id = $1`, [listingId])
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
