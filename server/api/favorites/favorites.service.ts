import { paginationOf } from '../../../shared/schemas/common.ts'
import type { FavoriteMarks } from '../../../shared/schemas/listing.ts'
import { AppError } from '../../lib/errors.ts'
import type { Db } from '../db/client.ts'
import type { PublicListingsService } from '../listings/public/public.service.ts'
import { favoritesRepo } from './favorites.repo.ts'

export interface FavoriteState {
  listing_id: number
  is_favorited: boolean
  favorite_count: number
  favorited_at: string | null
}

/** Favourites: the user's saved listings (`is_favorited` on the listings they read is marked by the listings service). */
export function favoritesService(db: Db, listings: PublicListingsService) {
  const repo = favoritesRepo(db)

  return {
    /** GET /favorites: page ≥ 0 (0 and 1 are the first page), limit 1–100. */
    async list(userId: number, page: number, limit: number, language: string) {
      const current = Math.max(1, page)
      const { rows, total } = await repo.page(userId, limit, (current - 1) * limit)
      const found = new Map(
        (
          await listings.byIds(
            rows.map((r) => r.listing_id),
            language,
          )
        ).map((l) => [l.id, l]),
      )
      const favorites = rows.flatMap((r) => {
        const listing = found.get(r.listing_id)
        const at = new Date(r.created_at).toISOString()
        return listing
          ? [{ id: r.listing_id, created_at: at, listing: { ...listing, is_favorited: true, favorited_at: at } }]
          : []
      })
      return {
        favorites,
        pagination: paginationOf(current, limit, total),
      }
    },

    /**
     * GET /favorites/marks: the reader's marks on a page of listings. The gateway renders a signed-in
     * reader's search from the shared answer and these (docs/decisions/028-signed-in-render.md).
     */
    async marks(userId: number, listingIds: number[]): Promise<{ marks: FavoriteMarks }> {
      return { marks: await listings.favoriteMarks(userId, listingIds) }
    },

    /** POST /favorites/{id}: idempotent; only a public (active) listing can be saved. */
    async add(userId: number, listingId: number): Promise<FavoriteState> {
      if ((await repo.listingStatus(listingId)) !== 'active') throw new AppError('NOT_FOUND', 'Listing not found')
      const saved = await repo.add(userId, listingId)
      return {
        listing_id: listingId,
        is_favorited: true,
        favorite_count: saved.favorite_count,
        favorited_at: saved.favorited_at.toISOString(),
      }
    },

    /** DELETE /favorites/{id}: idempotent; works for a listing that is no longer public too. */
    async remove(userId: number, listingId: number): Promise<FavoriteState> {
      if ((await repo.listingStatus(listingId)) === null) throw new AppError('NOT_FOUND', 'Listing not found')
      return {
        listing_id: listingId,
        is_favorited: false,
        favorite_count: await repo.remove(userId, listingId),
        favorited_at: null,
      }
    },
  }
}
export type FavoritesService = ReturnType<typeof favoritesService>
