import {
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderEvent,
} from '../../integrations/payments/payment-provider.ts'
import { AppError } from '../../lib/errors.ts'
import type { JobLog } from '../../lib/job-runner.ts'
import { couponsRepo } from '../coupons/coupons.repo.ts'
import type { Db } from '../db/client.ts'
import type { ListingRef } from '../listings/public/listing-changes.ts'
import { grant, undeliverable } from './grant.ts'
import { paymentsRepo, type PaymentRow, type RefundReason } from './payments.repo.ts'

export interface WebhookOptions {
  provider: PaymentProvider
  onListingChanged: (listing: ListingRef) => void
  log: JobLog
}

type Outcome = { duplicate: boolean; changed: ListingRef | null; refund: RefundReason | null }

/**
 * POST /payments/stripe/webhook (docs/decisions/019-payments-ledger.md): a signed event, applied
 * once (its id is recorded in the transaction that applies it). A paid session marks its payment
 * paid, an expired one cancels it; both act only on a pending payment, so late or repeated events
 * change nothing. An event whose session is not the payment's own, or whose amount or currency is
 * not the payment's, is recorded with why, logged and ignored (answered 200, so that Stripe does not
 * send it again). A paid boost whose listing is no longer active is refunded at Stripe first, then
 * recorded refunded.
 */
export function paymentWebhook(db: Db, options: WebhookOptions) {
  const { provider } = options
  const repo = paymentsRepo(db)

  /** The provider's event, once its signature holds; 400 otherwise. */
  function verified(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    if (!provider.verifyWebhook) throw new AppError('NOT_FOUND', 'No webhook for this payment provider')
    try {
      return provider.verifyWebhook(rawBody, signature)
    } catch (err) {
      if (err instanceof WebhookSignatureError)
        throw new AppError('VALIDATION_ERROR', 'The webhook signature is not valid')
      throw err
    }
  }

  /** Records the event and applies it to `payment` (null: nothing to apply), in one transaction. */
  async function apply(event: ProviderEvent, payment: PaymentRow | null, ignored: string | null): Promise<Outcome> {
    const none = { changed: null, refund: null }
    return db
      .transaction(async (tx): Promise<Outcome> => {
        const r = paymentsRepo(tx)
        if (!(await r.recordEvent(provider.kind, event.id, event.type, payment?.id ?? null, ignored)))
          return { duplicate: true, ...none }
        if (!payment) return { duplicate: false, ...none }
        if (event.action === 'paid') {
          const refund = (await r.find(payment.id))?.status === 'pending' ? await undeliverable(tx, payment) : null
          // the event stays unrecorded until the money is back: a failed refund is Stripe's redelivery to retry
          if (refund) throw new RefundFirst(refund)
          const paid = await r.markPaid(payment.id)
          return { duplicate: false, changed: paid ? await grant(tx, paid) : null, refund: null }
        }
        if (event.action === 'expired' && (await r.markCancelled(payment.id)))
          await couponsRepo(tx).releaseRedemption(payment.id)
        return { duplicate: false, ...none }
      })
      .catch((err: unknown) => {
        if (err instanceof RefundFirst) return { duplicate: false, changed: null, refund: err.reason }
        throw err
      })
  }

  /**
   * Gives a paid payment's money back (one key per payment: deliveries at once refund once), then
   * records the event and the payment refunded; whether the event had been recorded meanwhile.
   */
  async function refund(event: ProviderEvent, payment: PaymentRow, reason: RefundReason): Promise<boolean> {
    if (!provider.refund || !event.chargeRef) throw new AppError('INTERNAL', 'A paid event without a refundable charge')
    const { refundRef } = await provider.refund({
      chargeRef: event.chargeRef,
      amountMinor: payment.amount_minor,
      idempotencyKey: `khaneh-refund-${payment.id}`,
    })
    return db.transaction(async (tx) => {
      const r = paymentsRepo(tx)
      if (!(await r.recordEvent(provider.kind, event.id, event.type, payment.id, null))) return true
      if (await r.markRefunded(payment.id, reason, refundRef))
        options.log.warn({ payment: payment.id, reason, refund: refundRef }, 'payments.refunded')
      return false
    })
  }

  return async (rawBody: Buffer, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> => {
    const event = verified(rawBody, signature)
    const payment = event.providerRef ? await repo.byProviderRef(provider.kind, event.providerRef) : undefined
    const ignored = event.ignored ?? mismatch(event, payment)
    const outcome = await apply(event, ignored || event.action === 'ignore' ? null : payment!, ignored)
    if (ignored && !outcome.duplicate)
      options.log.warn({ event: event.id, type: event.type, ignored, payment: payment?.id }, 'payments.event_ignored')
    if (outcome.changed) options.onListingChanged(outcome.changed)
    if (outcome.refund) return { received: true, duplicate: await refund(event, payment!, outcome.refund) }
    return { received: true, duplicate: outcome.duplicate }
  }
}

/**
 * Why a verified checkout event does not move its payment: no payment was made for its session (a
 * Payment Link of the same account takes any client_reference_id, so that field proves nothing), or
 * it charged another amount or currency. Null when it is the payment's own.
 */
function mismatch(event: ProviderEvent, payment: PaymentRow | undefined): string | null {
  if (event.action === 'ignore') return null
  if (!payment) return 'unknown_session'
  if (event.action !== 'paid') return null
  if (event.amountMinor !== payment.amount_minor) return 'amount_mismatch'
  if (event.currency !== payment.currency) return 'currency_mismatch'
  return null
}

/** Thrown inside the webhook's transaction to roll it back: the refund is made first, outside it. */
class RefundFirst extends Error {
  constructor(readonly reason: RefundReason) {
    super(reason)
  }
}
