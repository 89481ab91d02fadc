import { API_PREFIX } from '../../../shared/paths.ts'
import { BOOST_PRICE_MINOR, eurOf } from '../../../shared/plans.ts'
import type { BoostAnswer } from '../../../shared/schemas/contact.ts'
import { AppError } from '../../lib/errors.ts'
import type { Db } from '../db/client.ts'
import type { PublicListingsService } from '../listings/public/public.service.ts'
import { canManage, isOwner, type Viewer } from '../policy.ts'
import { boostsRepo } from './boosts.repo.ts'

/** Where an owner pays for a boost (the payments resource serves it). */
const boostPaymentPath = (listingId: number) => `${API_PREFIX}/payments/listings/${listingId}/boost`

/**
 * Boosts paid with the owner's free boosts (POST /listings/{id}/boost): only the owner, only an
 * active listing; without a free boost, the way to pay (an answer, not an error). A boost stacks on the one running
 * (boosts.repo.ts), and the public reads forget the listing at once
 * (docs/decisions/006-caches-and-their-lifetimes.md).
 */
export function boostsService(db: Db, listings: PublicListingsService) {
  return {
    async boost(viewer: Viewer, listingId: number): Promise<BoostAnswer> {
      const { boost, slug } = await db.transaction(async (tx): Promise<{ boost: BoostAnswer; slug: string | null }> => {
        const repo = boostsRepo(tx)
        // the listing row first: boosts of one listing are decided one at a time
        const listing = await repo.lockListing(listingId)
        if (!listing || !canManage(viewer, listing) || listing.status === 'removed')
          throw new AppError('NOT_FOUND', 'Listing not found')
        // a moderator manages the listing but does not spend the owner's boosts
        if (!isOwner(viewer, listing))
          throw new AppError('FORBIDDEN', 'Only the owner boosts a listing', { reason: 'owner_only' })
        if (listing.status !== 'active') {
          throw new AppError('CONFLICT', `A ${listing.status} listing cannot be boosted`, {
            reason: 'listing_not_active',
            status: listing.status,
          })
        }
        const left = await repo.takeFreeBoost(viewer.userId)
        if (left === null) {
          const offer = {
            boosted: false as const,
            listing_id: listingId,
            reason: 'no_free_boosts' as const,
            price_eur: eurOf(BOOST_PRICE_MINOR),
            payment_path: boostPaymentPath(listingId),
          }
          return { boost: offer, slug: null }
        }
        const until = (await repo.extend(listingId))!
        return {
          boost: { boosted: true, listing_id: listingId, boost_until: until.toISOString(), free_boosts: left },
          slug: listing.slug,
        }
      })
      if (slug !== null) listings.invalidate({ id: listingId, slug })
      return boost
    },
  }
}
export type BoostsService = ReturnType<typeof boostsService>
