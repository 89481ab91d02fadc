import { createHash, randomUUID } from 'node:crypto'
import { localizePath, type LocaleCode } from '../../../shared/locales.ts'
import type { BareReasonOf } from '../../../shared/errors.ts'
import { checkoutResultPath } from '../../../shared/paths.ts'
import { BOOST_PRICE_MINOR, CONTACT_PRICE_MINOR, eurOf, planOf, type PlanKey } from '../../../shared/plans.ts'
import type { Checkout, Payment } from '../../../shared/schemas/payment.ts'
import type { PaymentProvider } from '../../integrations/payments/payment-provider.ts'
import { AppError } from '../../lib/errors.ts'
import type { JobLog } from '../../lib/job-runner.ts'
import { couponsRepo } from '../coupons/coupons.repo.ts'
import { couponProblem, discountMinor, discountsPlan } from '../coupons/rules.ts'
import type { Db, Queryable } from '../db/client.ts'
import type { ListingRef } from '../../lib/change-bus.ts'
import { canSee, isOwner, type Viewer } from '../policy.ts'
import { grant, undeliverable } from './grant.ts'
import { paymentsRepo, type PaymentRow } from './payments.repo.ts'
import { paymentWebhook } from './payments.webhook.ts'

/** What a payment buys. */
export type Order =
  | { kind: 'subscription'; planKey: PlanKey; couponCode?: string }
  | { kind: 'contact'; listingId: number }
  | { kind: 'boost'; listingId: number }

export interface PaymentsOptions {
  provider: PaymentProvider
  /** Absolute base of the checkout's return addresses (PUBLIC_BASE_URL). */
  publicBaseUrl: string
  /** Called once a paid boost has committed: the listing's public reads are forgotten (docs/decisions/006-caches-and-their-lifetimes.md). */
  onListingChanged: (listing: ListingRef) => void
  log: JobLog
}

/** A checkout left unpaid this long is cancelled by the sweep, and its coupon use given back. */
export const PENDING_TTL_HOURS = 24

const conflict = (message: string, reason?: BareReasonOf<'CONFLICT'>) =>
  new AppError('CONFLICT', message, reason ? { reason } : null)
const notFound = () => new AppError('NOT_FOUND', 'Payment not found')

/** The SHA-256 of what a request asks for: the same key with another request is refused. */
function requestHash(order: Order): string {
  const canonical = {
    kind: order.kind,
    plan: order.kind === 'subscription' ? order.planKey : null,
    listing: order.kind === 'subscription' ? null : order.listingId,
    coupon: order.kind === 'subscription' ? (order.couponCode ?? null) : null,
  }
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex')
}

function priceOf(order: Order): number {
  if (order.kind === 'subscription') return planOf(order.planKey).priceMinor
  return order.kind === 'contact' ? CONTACT_PRICE_MINOR : BOOST_PRICE_MINOR
}

function descriptionOf(payment: PaymentRow): string {
  if (payment.kind === 'subscription') return `Khaneh Premium (${payment.plan_key})`
  return payment.kind === 'contact'
    ? `Khaneh: contact for listing ${payment.listing_id}`
    : `Khaneh: 7-day boost of listing ${payment.listing_id}`
}

export function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    kind: row.kind,
    plan_key: row.plan_key,
    listing_id: row.listing_id,
    listing_slug: row.listing_slug,
    amount_eur: eurOf(row.amount_minor),
    discount_eur: eurOf(row.discount_minor),
    coupon_code: row.coupon_code,
    currency: 'EUR',
    status: row.status,
    provider: row.provider,
    created_at: new Date(row.created_at).toISOString(),
    paid_at: row.paid_at ? new Date(row.paid_at).toISOString() : null,
    refund_reason: row.refund_reason,
  }
}

/**
 * The payments ledger (docs/decisions/019-payments-ledger.md): pending payments created once per
 * idempotency key, and each entitlement granted in the transaction that marks its payment paid,
 * only on the pending → paid transition.
 */
export function paymentsService(db: Db, options: PaymentsOptions) {
  const { provider } = options
  const repo = paymentsRepo(db)
  const resultUrl = (id: string, locale: LocaleCode) =>
    `${options.publicBaseUrl}${localizePath(checkoutResultPath(id), locale)}`

  /**
   * A sandbox payment: pending → paid and the grant in one transaction, or pending → refunded when
   * its purchase can no longer be delivered (no money moved); the row as it is afterwards.
   */
  async function settle(paymentId: string): Promise<PaymentRow | undefined> {
    const outcome = await db.transaction(async (tx) => {
      const r = paymentsRepo(tx)
      const payment = await r.find(paymentId)
      const refund = payment?.status === 'pending' ? await undeliverable(tx, payment) : null
      if (refund) {
        await r.markRefunded(paymentId, refund, null)
        return { changed: null }
      }
      const paid = await r.markPaid(paymentId)
      const changed = paid ? await grant(tx, paid) : null
      return { changed }
    })
    if (outcome.changed) options.onListingChanged(outcome.changed)
    return repo.find(paymentId)
  }

  /** pending → cancelled, giving back a held coupon use; the row as it is afterwards. */
  async function cancel(paymentId: string): Promise<PaymentRow | undefined> {
    await db.transaction(async (tx) => {
      if (await paymentsRepo(tx).markCancelled(paymentId)) await couponsRepo(tx).releaseRedemption(paymentId)
    })
    return repo.find(paymentId)
  }

  const checkoutOf = (row: PaymentRow, checkoutUrl: string): Checkout => ({
    payment_id: row.id,
    checkout_url: checkoutUrl,
    amount_eur: eurOf(row.amount_minor),
    currency: 'EUR',
    status: row.status,
  })

  /** The checkout of a pending payment: made (or made again, under the same provider key) until one is stored. */
  async function checkout(row: PaymentRow, locale: LocaleCode): Promise<Checkout> {
    if (row.checkout_url) return checkoutOf(row, row.checkout_url)
    if (row.status !== 'pending') return checkoutOf(row, resultUrl(row.id, locale))
    const session = await provider.createCheckout({
      paymentId: row.id,
      amountMinor: row.amount_minor,
      currency: 'EUR',
      description: descriptionOf(row),
      successUrl: resultUrl(row.id, locale),
      cancelUrl: resultUrl(row.id, locale),
      idempotencyKey: `khaneh-checkout-${row.id}`,
      locale,
    })
    await repo.setCheckout(row.id, session.checkoutUrl, session.providerRef)
    return checkoutOf(row, session.checkoutUrl)
  }

  /** The payer's earlier request under this key: the same answer, or 409 when it asked for something else. */
  async function replay(existing: PaymentRow, hash: string, locale: LocaleCode): Promise<Checkout> {
    if (existing.request_hash !== hash)
      throw conflict('This Idempotency-Key was used for another request', 'idempotency_key_reused')
    return checkout(existing, locale)
  }

  /**
   * A payment for `order`, once per (payer, idempotency key). `precheck` (the listing's state) runs
   * only for a key not seen before, so a retry after the payment went through gets its answer back.
   */
  async function create(
    userId: number,
    order: Order,
    idempotencyKey: string,
    locale: LocaleCode,
    precheck: () => Promise<void> = async () => {},
  ): Promise<Checkout> {
    const hash = requestHash(order)
    const earlier = await repo.byKey(userId, idempotencyKey)
    if (earlier) return replay(earlier, hash, locale)
    await precheck()

    const outcome = await db.transaction(async (tx) => {
      const r = paymentsRepo(tx)
      if (order.kind === 'contact') {
        const pending = await oneContactCheckout(tx, userId, order.listingId, idempotencyKey)
        if (pending) return pending
      }
      const row = await r.insertPending({
        id: randomUUID(),
        userId,
        kind: order.kind,
        planKey: order.kind === 'subscription' ? order.planKey : null,
        listingId: order.kind === 'subscription' ? null : order.listingId,
        amountMinor: priceOf(order),
        discountMinor: 0,
        couponCode: order.kind === 'subscription' ? (order.couponCode ?? null) : null,
        provider: provider.kind,
        idempotencyKey,
        requestHash: hash,
      })
      // the same key at the same moment: the first insert won, and this request answers as its retry
      if (!row) return { replay: true as const }
      if (order.kind === 'subscription' && order.couponCode) {
        const discount = await holdCoupon(tx, userId, order.couponCode, order.planKey, row)
        row.discount_minor = discount
        row.amount_minor -= discount
        await r.applyDiscount(row.id, discount)
      }
      // nothing left to pay (a 100% discount): paid at once, no checkout
      if (row.amount_minor === 0) {
        const paid = await r.markPaid(row.id)
        await grant(tx, paid!)
        const url = resultUrl(row.id, locale)
        await r.setCheckout(row.id, url, null)
        return { replay: false as const, row: { ...paid!, checkout_url: url } }
      }
      return { replay: false as const, row }
    })
    if (outcome.replay) return replay((await repo.byKey(userId, idempotencyKey))!, hash, locale)
    return checkout(outcome.row, locale)
  }

  /**
   * A contact is bought once per reader and listing: with the payer locked, an open contact is
   * refused and a pending checkout of it is answered instead of a second one (whatever its key).
   * What `create` answers instead of a new payment, or null to go on.
   */
  async function oneContactCheckout(tx: Queryable, userId: number, listingId: number, idempotencyKey: string) {
    const r = paymentsRepo(tx)
    await r.lockPayer(userId)
    // the same key, committed while this request waited for the lock: its retry
    if (await r.byKey(userId, idempotencyKey)) return { replay: true as const }
    if (await r.contactOpen(userId, listingId)) throw conflict('The contact is already open for you', 'already_open')
    const pending = await r.pendingContact(userId, listingId)
    return pending ? { replay: false as const, row: pending } : null
  }

  /** Locks the coupon, checks it, and holds one use for this payment (given back if it is cancelled); the discount in cents. */
  async function holdCoupon(
    tx: Queryable,
    userId: number,
    code: string,
    planKey: PlanKey,
    payment: PaymentRow,
  ): Promise<number> {
    const coupons = couponsRepo(tx)
    const coupon = await coupons.findForUpdate(code)
    const problem = couponProblem(coupon, { now: new Date(), usedByUser: await coupons.usedBy(code, userId) })
    if (problem) throw conflict(`The coupon cannot be used (${problem})`, problem)
    if (!discountsPlan(coupon!, planKey)) throw conflict('The coupon does not apply to this plan', 'not_applicable')
    if (!(await coupons.recordRedemption(code, userId, payment.id)))
      throw conflict('The coupon cannot be used (already_used)', 'already_used')
    return discountMinor(coupon!, payment.amount_minor)
  }

  /** The payer's own payment; anyone else gets 404. */
  async function own(viewer: Viewer, id: string): Promise<PaymentRow> {
    const row = await repo.find(id)
    if (!row || row.user_id !== viewer.userId) throw notFound()
    return row
  }

  /** A payment of the sandbox, while the sandbox is the provider: the payer's own, else 404. */
  async function ownSandbox(viewer: Viewer, id: string): Promise<PaymentRow> {
    const row = await own(viewer, id)
    if (provider.kind !== 'sandbox' || row.provider !== 'sandbox') throw notFound()
    return row
  }

  /** The listing a one-off payment is for, as the viewer may see it. */
  async function visibleListing(viewer: Viewer, listingId: number) {
    const listing = await repo.listing(listingId)
    if (!listing || !canSee(viewer, listing)) throw new AppError('NOT_FOUND', 'Listing not found')
    return listing
  }

  return {
    /** POST /subscription/purchase. */
    purchase: (viewer: Viewer, planKey: PlanKey, couponCode: string | undefined, key: string, locale: LocaleCode) =>
      create(viewer.userId, { kind: 'subscription', planKey, couponCode }, key, locale),

    /** POST /payments/listings/{id}/contact: a reader (not the owner) pays to open an active listing's contact. */
    buyContact: (viewer: Viewer, listingId: number, key: string, locale: LocaleCode) =>
      create(viewer.userId, { kind: 'contact', listingId }, key, locale, async () => {
        const listing = await visibleListing(viewer, listingId)
        if (isOwner(viewer, listing)) throw conflict('This is your own listing', 'own_listing')
        if (listing.status !== 'active') throw conflict('The listing is not active', 'not_active')
      }),

    /** POST /payments/listings/{id}/boost: the owner pays for a boost of an active listing. */
    buyBoost: (viewer: Viewer, listingId: number, key: string, locale: LocaleCode) =>
      create(viewer.userId, { kind: 'boost', listingId }, key, locale, async () => {
        const listing = await visibleListing(viewer, listingId)
        if (!isOwner(viewer, listing)) throw new AppError('FORBIDDEN', 'Only the owner may boost a listing')
        if (listing.status !== 'active') throw conflict('The listing is not active', 'not_active')
      }),

    /** GET /payments/{id}. */
    async get(viewer: Viewer, id: string): Promise<Payment> {
      return toPayment(await own(viewer, id))
    },

    /**
     * POST /payments/sandbox/{id}/confirm: the sandbox's "Pay"; confirming again changes nothing.
     * A boost whose listing is no longer active is answered refunded, with why.
     */
    async confirmSandbox(viewer: Viewer, id: string): Promise<Payment> {
      await ownSandbox(viewer, id)
      const row = (await settle(id))!
      if (row.status !== 'paid' && row.status !== 'refunded')
        throw new AppError('CONFLICT', `The payment is ${row.status}`, {
          reason: 'payment_not_open',
          status: row.status,
        })
      return toPayment(row)
    },

    /** POST /payments/sandbox/{id}/cancel: the sandbox's "Cancel"; a paid payment stays paid (409). */
    async cancelSandbox(viewer: Viewer, id: string): Promise<Payment> {
      await ownSandbox(viewer, id)
      const row = (await cancel(id))!
      if (row.status !== 'cancelled')
        throw new AppError('CONFLICT', `The payment is ${row.status}`, {
          reason: 'payment_not_open',
          status: row.status,
        })
      return toPayment(row)
    },

    /** POST /payments/stripe/webhook (payments.webhook.ts). */
    webhook: paymentWebhook(db, options),

    /**
     * Cancels checkouts abandoned for PENDING_TTL_HOURS, giving back their coupon uses; how many. One
     * process at a time: null when another is sweeping (docs/decisions/033-jobs-once-across-processes.md).
     */
    sweep: (): Promise<number | null> =>
      db.runAlone('payments.sweep', async () => {
        let cancelled = 0
        for (;;) {
          const ids = await repo.stalePending(PENDING_TTL_HOURS, 100)
          for (const id of ids) if ((await cancel(id))?.status === 'cancelled') cancelled++
          if (ids.length < 100) break
        }
        if (cancelled > 0) options.log.info({ cancelled }, 'payments.swept')
        return cancelled
      }),
  }
}
export type PaymentsService = ReturnType<typeof paymentsService>
