import type { Queryable } from '../../db/client.ts'

/** A stored photo file (an upload) as a listing's gallery carries it. */
export interface PhotoFileRow {
  file_id: string
  thumb_file_id: string
  width: number
  height: number
}

export interface ListingState {
  owner_id: number
  status: string
  slug: string
}

/** A listing's pin and the point everyone else sees (docs/decisions/046-listing-location-privacy-and-area-search.md). */
export interface ListingLocationRow {
  exact: { lat: number; lng: number }
  public: { lat: number; lng: number }
}

export interface ListingWriteRow {
  type: string
  countryCode: string
  cityId: number
  rentMinor: number | null
  currency: string
  rentEurCents: number | null
  isNegotiable: boolean
  genderPref: string
  description: string
  originalLanguage: string
  term: string
  startDate: string | null
  hasContract: boolean
  sizeM2: number | null
  rooms: number | null
  furnished: boolean
  contact: string
  verificationNumber: string | null
}

const VALUES = (w: ListingWriteRow) => [
  w.type,
  w.countryCode,
  w.cityId,
  w.rentMinor,
  w.currency,
  w.rentEurCents,
  w.isNegotiable,
  w.genderPref,
  w.description,
  w.originalLanguage,
  w.term,
  w.startDate,
  w.hasContract,
  w.sizeM2,
  w.rooms,
  w.furnished,
  w.contact,
  w.verificationNumber,
]

export interface OwnListingRow {
  id: number
  slug: string
  type: string
  country_code: string
  city_key: string
  city_name: string
  rent_minor: number | null
  currency: string
  is_negotiable: boolean
  description: string
  status: string
  status_reason: string | null
  boost_until: Date | null
  favorite_count: number
  activated_at: Date | null
  created_at: Date
  updated_at: Date
}

/** SQL of the owner's side of listings: create, replace, remove, and the photos they carry. */
export function ownerListingsRepo(db: Queryable) {
  return {
    async insert(ownerId: number, slug: string, w: ListingWriteRow): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO listings (type, country_code, city_id, rent_minor, currency, rent_eur_cents, is_negotiable, gender_pref, description,
            original_language, term, start_date, has_contract, size_m2, rooms, furnished, contact, verification_number, owner_id, slug, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, 'pending') RETURNING id`,
        [...VALUES(w), ownerId, slug],
      )
      return row!.id
    },

    /** Replaces the owner's fields; an edit goes back to moderation (docs/decisions/014-listing-statuses-and-moderation.md). */
    async update(id: number, w: ListingWriteRow): Promise<void> {
      await db.query(
        `UPDATE listings SET type = $1, country_code = $2, city_id = $3, rent_minor = $4, currency = $5, rent_eur_cents = $6, is_negotiable = $7,
            gender_pref = $8, description = $9, original_language = $10, term = $11, start_date = $12, has_contract = $13, size_m2 = $14,
            rooms = $15, furnished = $16, contact = $17, verification_number = $18, status = 'pending', status_reason = NULL, updated_at = now()
          WHERE id = $19`,
        [...VALUES(w), id],
      )
    },

    /** Sets the listing's pin and public point together, or removes both (null). */
    async setLocation(id: number, location: ListingLocationRow | null): Promise<void> {
      await db.query(
        `UPDATE listings SET exact_lat = $2, exact_lng = $3, public_lat = $4, public_lng = $5 WHERE id = $1`,
        [
          id,
          location?.exact.lat ?? null,
          location?.exact.lng ?? null,
          location?.public.lat ?? null,
          location?.public.lng ?? null,
        ],
      )
    },

    async markRemoved(id: number): Promise<void> {
      await db.query(`UPDATE listings SET status = 'removed', updated_at = now() WHERE id = $1`, [id])
    },

    /** The owner, status and slug of a listing (locked for the write that follows, when asked). */
    async findState(id: number, lock: boolean): Promise<ListingState | null> {
      const [row] = await db.query<ListingState>(
        `SELECT owner_id, status, slug FROM listings WHERE id = $1${lock ? ' FOR NO KEY UPDATE' : ''}`,
        [id],
      )
      return row ?? null
    },

    /**
     * A copy of the owner's fields, photos (same files, new rows) and stored translations as a new
     * pending listing of the same owner; its slug keeps the original's stem.
     */
    async duplicate(id: number, slugSuffix: string): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO listings (slug, owner_id, type, country_code, city_id, rent_minor, currency, rent_eur_cents, is_negotiable, gender_pref,
            description, original_language, term, start_date, has_contract, size_m2, rooms, furnished, contact, verification_number, status,
            exact_lat, exact_lng, public_lat, public_lng)
         SELECT regexp_replace(slug, '-[0-9a-f]{8}$', '') || '-' || $2, owner_id, type, country_code, city_id, rent_minor, currency, rent_eur_cents,
                is_negotiable, gender_pref, description, original_language, term, start_date, has_contract, size_m2, rooms, furnished, contact,
                verification_number, 'pending', exact_lat, exact_lng, public_lat, public_lng
           FROM listings WHERE id = $1 RETURNING id`,
        [id, slugSuffix],
      )
      const copy = row!.id
      await db.query(
        `INSERT INTO photos (listing_id, position, file_id, thumb_file_id, width, height)
         SELECT $2, position, file_id, thumb_file_id, width, height FROM photos WHERE listing_id = $1 ORDER BY position, id`,
        [id, copy],
      )
      await db.query(
        `INSERT INTO listing_translations (listing_id, language, description) SELECT $2, language, description FROM listing_translations WHERE listing_id = $1`,
        [id, copy],
      )
      return copy
    },

    /** The user's uploads among these file ids (a listing can only show its owner's uploads). */
    async ownUploads(userId: number, fileIds: string[]): Promise<Map<string, PhotoFileRow>> {
      if (fileIds.length === 0) return new Map()
      const rows = await db.query<PhotoFileRow>(
        `SELECT file_id, thumb_file_id, width, height FROM uploads WHERE user_id = $1 AND file_id = ANY($2::text[])`,
        [userId, fileIds],
      )
      return new Map(rows.map((r) => [r.file_id, r]))
    },

    /** The listing's gallery becomes exactly these photos, in this order. */
    async replacePhotos(listingId: number, photos: PhotoFileRow[]): Promise<void> {
      await db.query(`DELETE FROM photos WHERE listing_id = $1`, [listingId])
      for (const [position, p] of photos.entries()) {
        await db.query(
          `INSERT INTO photos (listing_id, position, file_id, thumb_file_id, width, height) VALUES ($1, $2, $3, $4, $5, $6)`,
          [listingId, position, p.file_id, p.thumb_file_id, p.width, p.height],
        )
      }
    },

    /** The owner's own list: newest first, by status or all (removed only when asked). */
    async ownPage(
      ownerId: number,
      filter: { status?: string; includeRemoved: boolean; language: string; limit: number; offset: number },
    ): Promise<{ rows: OwnListingRow[]; total: number }> {
      // the filter's parameters come first, so the count query can use them without the language
      const params: unknown[] = [ownerId]
      let where = 'l.owner_id = $1'
      if (filter.status && filter.status !== 'all') where += ` AND l.status = $${params.push(filter.status)}`
      else if (!filter.includeRemoved) where += ` AND l.status <> 'removed'`
      const language = `$${params.length + 1}`
      const [rows, count] = await Promise.all([
        db.query<OwnListingRow>(
          `SELECT l.id, l.slug, l.type, l.country_code, c.key AS city_key, c.names->>${language} AS city_name, l.rent_minor::float8 AS rent_minor, l.currency,
                  l.is_negotiable, l.description, l.status, l.status_reason, l.boost_until, l.favorite_count, l.activated_at, l.created_at, l.updated_at
             FROM listings l JOIN cities c ON c.id = l.city_id
            WHERE ${where} ORDER BY l.created_at DESC, l.id DESC LIMIT ${filter.limit} OFFSET ${filter.offset}`,
          [...params, filter.language],
        ),
        db.query<{ n: number }>(`SELECT count(*)::int AS n FROM listings l WHERE ${where}`, params),
      ])
      return { rows, total: count[0]?.n ?? 0 }
    },

    /** Sets a status the owner chose (the transition was checked under the row lock). */
    async setOwnStatus(id: number, status: string): Promise<void> {
      await db.query(`UPDATE listings SET status = $2, status_reason = NULL, updated_at = now() WHERE id = $1`, [
        id,
        status,
      ])
    },

    /** The photo files of many listings in one query, in gallery order. */
    async photosOf(
      listingIds: number[],
    ): Promise<Array<{ listing_id: number; file_id: string; thumb_file_id: string }>> {
      if (listingIds.length === 0) return []
      return db.query(
        `SELECT listing_id, file_id, thumb_file_id FROM photos WHERE listing_id = ANY($1::int[]) ORDER BY listing_id, position, id`,
        [listingIds],
      )
    },

    /** Active listings activated more than `days` ago become expired (docs/decisions/014-listing-statuses-and-moderation.md); returns how many. */
    async expireActive(days: number): Promise<number> {
      const rows = await db.query(
        `UPDATE listings SET status = 'expired', updated_at = now()
          WHERE status = 'active' AND activated_at < now() - make_interval(days => $1::int) RETURNING id`,
        [days],
      )
      return rows.length
    },
  }
}
