import type { LocaleCode } from '../../../shared/locales.ts'
import { query, type Answer, type Api } from './call.ts'

export type FavoritePage = Answer<'FavoritePageSchema'>
export type FavoriteState = Answer<'FavoriteStateSchema'>

/** /favorites: the signed-in user's saved listings. */
export const favoritesApi = ({ call }: Api) => ({
  list: (params: { page?: number; limit?: number; language: LocaleCode }, signal?: AbortSignal) =>
    call('FavoritePageSchema', `/favorites${query(params)}`, { signal }),
  add: (listingId: number) => call('FavoriteStateSchema', `/favorites/${listingId}`, { method: 'POST' }),
  remove: (listingId: number) => call('FavoriteStateSchema', `/favorites/${listingId}`, { method: 'DELETE' }),
})
