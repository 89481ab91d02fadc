import { planOf } from '../../../shared/plans.ts'
import { boostsRepo } from '../boosts/boosts.repo.ts'
import { contactRevealsRepo } from '../contact-reveals/contact-reveals.repo.ts'
import type { Queryable } from '../db/client.ts'
import type { ListingRef } from '../../lib/change-bus.ts'
import { premiumRepo } from '../premium/premium.repo.ts'
import { referralRewardsRepo } from '../referrals/rewards.repo.ts'
import { paymentsRepo, type PaymentRow, type RefundReason } from './payments.repo.ts'

/**
 * Grants what a payment bought, inside the transaction that just marked it paid
 * (docs/decisions/019-payments-ledger.md); the boosted listing, if any.
 */
export async function grant(tx: Queryable, payment: PaymentRow): Promise<ListingRef | null> {
  const r = paymentsRepo(tx)
  const userId = await r.survivingAccount(payment.user_id)
  let changed: ListingRef | null = null
  if (payment.kind === 'subscription' && payment.plan_key) {
    const plan = planOf(payment.plan_key)
    await premiumRepo(tx).grantDays(userId, plan.durationDays, {
      planKey: plan.key,
      source: 'payment',
      paymentId: payment.id,
    })
    await premiumRepo(tx).addAllowances(userId, plan.aiCredits, plan.freeBoosts)
  } else if (payment.kind === 'contact' && payment.listing_id !== null) {
    await contactRevealsRepo(tx).open(userId, payment.listing_id, 'payment', payment.id)
  } else if (payment.kind === 'boost' && payment.listing_id !== null) {
    if (await boostsRepo(tx).extend(payment.listing_id)) {
      const listing = await r.listing(payment.listing_id)
      if (listing) changed = { id: payment.listing_id, slug: listing.slug }
    }
  }
  // the referrer's reward comes with the referee's first payment with money in it (granted once)
  if (payment.amount_minor > 0 && (await r.paidCount(payment.user_id)) === 1)
    await referralRewardsRepo(tx).rewardFirstPayment(userId)
  return changed
}

/**
 * Why what a pending payment bought can no longer be delivered, or null: a boost needs its listing
 * still active, a contact must not be open already (a free reveal since the checkout). The payer and
 * then the listing stay locked to the end of the caller's transaction (the order `grant` and an
 * account merge lock them in), so neither can change between this check and the grant.
 */
export async function undeliverable(tx: Queryable, payment: PaymentRow): Promise<RefundReason | null> {
  if (payment.kind === 'subscription') return null
  const payer = await paymentsRepo(tx).survivingAccount(payment.user_id)
  if (payment.kind === 'contact')
    return payment.listing_id !== null && (await paymentsRepo(tx).contactOpen(payer, payment.listing_id))
      ? 'contact_already_open'
      : null
  const listing = payment.listing_id === null ? null : await boostsRepo(tx).lockListing(payment.listing_id)
  return listing?.status === 'active' ? null : 'listing_not_active'
}
