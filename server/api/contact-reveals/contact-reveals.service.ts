import { API_PREFIX } from '../../../shared/paths.ts'
import { CONTACT_PRICE_MINOR, eurOf, FREE_DAILY_REVEALS, PREMIUM_DAILY_REVEALS } from '../../../shared/plans.ts'
import type { ContactAnswer } from '../../../shared/schemas/contact.ts'
import { AppError } from '../../lib/errors.ts'
import type { Db } from '../db/client.ts'
import { canManage, canSee, type Viewer } from '../policy.ts'
import { contactRevealsRepo } from './contact-reveals.repo.ts'

const DAY_MS = 86_400_000

/** The start of the UTC day of `now`: daily reveals are counted from there and start again a day later. */
const utcDayStart = (now: number) => new Date(Math.floor(now / DAY_MS) * DAY_MS)

/** Where a viewer pays to open one listing's contact (the payments resource serves it). */
const contactPaymentPath = (listingId: number) => `${API_PREFIX}/payments/listings/${listingId}/contact`

/**
 * Contact access (POST /listings/{id}/contact): the owner's contact for a signed-in viewer of a
 * public listing. A contact once opened stays open for that viewer and costs nothing again; a new
 * one is one of the day's reveals (free viewers FREE_DAILY_REVEALS, premium PREMIUM_DAILY_REVEALS,
 * by UTC day), after which a free viewer is offered to pay per listing and a premium viewer waits for
 * the next day: answers of their own, not errors.
 * Those who manage the listing (policy.ts) see its contact without spending a reveal.
 */
export function contactRevealsService(db: Db) {
  return {
    async open(viewer: Viewer, listingId: number): Promise<ContactAnswer> {
      const now = Date.now()
      const dayStart = utcDayStart(now)
      const resetsAt = new Date(dayStart.getTime() + DAY_MS)
      return db.transaction(async (tx) => {
        const repo = contactRevealsRepo(tx)
        // the viewer's row first: their concurrent reveals wait here and count each other's
        const account = await repo.lockViewer(viewer.userId)
        if (!account) throw new AppError('UNAUTHENTICATED')
        const listing = await repo.listing(listingId)
        if (!listing || !canSee(viewer, listing)) throw new AppError('NOT_FOUND', 'Listing not found')
        if (!listing.contact) {
          throw new AppError('NOT_FOUND', 'This listing has no contact to show', { reason: 'no_contact' })
        }
        const allowance = account.premium ? PREMIUM_DAILY_REVEALS : FREE_DAILY_REVEALS
        let used = await repo.dailyRevealsSince(viewer.userId, dayStart)
        let grantedAt = await repo.openedAt(viewer.userId, listingId)
        if (!grantedAt) {
          const manages = canManage(viewer, listing)
          if (!manages && used >= allowance) return limitReached(listingId, account.premium, resetsAt)
          await repo.open(viewer.userId, listingId, manages ? 'owner' : 'daily')
          if (!manages) used++
          grantedAt = (await repo.openedAt(viewer.userId, listingId))!
        }
        return {
          access: 'granted' as const,
          contact_phone: listing.contact,
          listing_id: listingId,
          access_granted_at: grantedAt.toISOString(),
          rate_limit: { remaining_accesses: Math.max(0, allowance - used), resets_at: resetsAt.toISOString() },
        }
      })
    },
  }
}
export type ContactRevealsService = ReturnType<typeof contactRevealsService>

/** The day's reveals are used: a free viewer may buy this one, a premium viewer waits for the next UTC day. */
function limitReached(listingId: number, premium: boolean, resetsAt: Date): ContactAnswer {
  const common = { listing_id: listingId, reason: 'daily_reveals_used' as const, resets_at: resetsAt.toISOString() }
  if (premium) return { access: 'daily_limit', ...common }
  return {
    access: 'payment_required',
    ...common,
    price_eur: eurOf(CONTACT_PRICE_MINOR),
    payment_path: contactPaymentPath(listingId),
  }
}
