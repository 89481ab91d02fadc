import type { Queryable } from '../db/client.ts'

export type PaymentKind = 'subscription' | 'contact' | 'boost'
export type PaymentStatus = 'pending' | 'paid' | 'cancelled' | 'refunded'

export interface PaymentRow {
  id: string
  user_id: number
  kind: PaymentKind
  plan_key: 'monthly' | 'quarterly' | 'yearly' | null
  listing_id: number | null
  /** The listing's slug, read with the row: the pages link a listing by its slug. */
  listing_slug: string | null
  amount_minor: number
  currency: 'EUR'
  coupon_code: string | null
  discount_minor: number
  status: PaymentStatus
  provider: 'sandbox' | 'stripe'
  provider_ref: string | null
  checkout_url: string | null
  idempotency_key: string
  request_hash: string
  created_at: Date
  paid_at: Date | null
  cancelled_at: Date | null
  refund_reason: RefundReason | null
}

/** Why a payment was refunded instead of granted. */
export type RefundReason = 'listing_not_active' | 'contact_already_open'

export interface NewPayment {
  id: string
  userId: number
  kind: PaymentKind
  planKey: string | null
  listingId: number | null
  amountMinor: number
  discountMinor: number
  couponCode: string | null
  provider: 'sandbox' | 'stripe'
  idempotencyKey: string
  requestHash: string
}

const COLUMNS = `id, user_id, kind, plan_key, listing_id, amount_minor, currency, coupon_code, discount_minor, status,
  provider, provider_ref, checkout_url, idempotency_key, request_hash, created_at, paid_at, cancelled_at, refund_reason,
  (SELECT l.slug FROM listings l WHERE l.id = payments.listing_id) AS listing_slug`

/** The payments ledger (docs/decisions/019-payments-ledger.md): integer cents, one row per (payer, idempotency key). */
export function paymentsRepo(db: Queryable) {
  return {
    async find(id: string): Promise<PaymentRow | undefined> {
      const [row] = await db.query<PaymentRow>(`SELECT ${COLUMNS} FROM payments WHERE id = $1`, [id])
      return row
    },

    async byKey(userId: number, idempotencyKey: string): Promise<PaymentRow | undefined> {
      const [row] = await db.query<PaymentRow>(
        `SELECT ${COLUMNS} FROM payments WHERE user_id = $1 AND idempotency_key = $2`,
        [userId, idempotencyKey],
      )
      return row
    },

    async byProviderRef(provider: string, ref: string): Promise<PaymentRow | undefined> {
      const [row] = await db.query<PaymentRow>(
        `SELECT ${COLUMNS} FROM payments WHERE provider = $1 AND provider_ref = $2`,
        [provider, ref],
      )
      return row
    },

    /**
     * A new pending payment, unless this payer already used the key: then nothing is inserted
     * (a concurrent insert with the same key waits for the first to commit) and undefined is returned.
     */
    async insertPending(p: NewPayment): Promise<PaymentRow | undefined> {
      const [row] = await db.query<PaymentRow>(
        `INSERT INTO payments (id, user_id, kind, plan_key, listing_id, amount_minor, discount_minor, coupon_code, provider,
            idempotency_key, request_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING ${COLUMNS}`,
        [
          p.id,
          p.userId,
          p.kind,
          p.planKey,
          p.listingId,
          p.amountMinor,
          p.discountMinor,
          p.couponCode,
          p.provider,
          p.idempotencyKey,
          p.requestHash,
        ],
      )
      return row
    },

    /** Takes a held coupon's discount off the amount to pay. */
    async applyDiscount(id: string, discountMinor: number): Promise<void> {
      await db.query(
        `UPDATE payments SET amount_minor = amount_minor - $2, discount_minor = $2 WHERE id = $1 AND status = 'pending'`,
        [id, discountMinor],
      )
    },

    /** Stores where the payer pays (the same checkout for every retry of the key). */
    async setCheckout(id: string, checkoutUrl: string, providerRef: string | null): Promise<void> {
      await db.query(`UPDATE payments SET checkout_url = $2, provider_ref = COALESCE($3, provider_ref) WHERE id = $1`, [
        id,
        checkoutUrl,
        providerRef,
      ])
    },

    /** pending → paid, once: the row when this call made the transition, else undefined. */
    async markPaid(id: string): Promise<PaymentRow | undefined> {
      const [row] = await db.query<PaymentRow>(
        `UPDATE payments SET status = 'paid', paid_at = now() WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
        [id],
      )
      return row
    },

    /** pending → cancelled, once: true when this call made the transition. */
    async markCancelled(id: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE payments SET status = 'cancelled', cancelled_at = now() WHERE id = $1 AND status = 'pending' RETURNING id`,
        [id],
      )
      return rows.length === 1
    },

    /** pending → refunded, once, with why (and the provider's refund, if money moved); true when this call made it. */
    async markRefunded(id: string, reason: RefundReason, refundRef: string | null): Promise<boolean> {
      const rows = await db.query(
        `UPDATE payments SET status = 'refunded', refunded_at = now(), refund_reason = $2, refund_ref = $3
          WHERE id = $1 AND status = 'pending' RETURNING id`,
        [id, reason, refundRef],
      )
      return rows.length === 1
    },

    /** Locks the payer's row: one payer's checkouts of a contact are decided one at a time. */
    async lockPayer(userId: number): Promise<void> {
      await db.query(`SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE`, [userId])
    },

    /** The payer's pending checkout of this listing's contact, if there is one. */
    async pendingContact(userId: number, listingId: number): Promise<PaymentRow | undefined> {
      const [row] = await db.query<PaymentRow>(
        `SELECT ${COLUMNS} FROM payments WHERE user_id = $1 AND listing_id = $2 AND kind = 'contact' AND status = 'pending'
          ORDER BY created_at LIMIT 1`,
        [userId, listingId],
      )
      return row
    },

    /** Pending payments older than `hours` (their checkout was abandoned), oldest first. */
    async stalePending(hours: number, limit: number): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `SELECT id FROM payments WHERE status = 'pending' AND created_at < now() - make_interval(hours => $1)
          ORDER BY created_at LIMIT $2`,
        [hours, limit],
      )
      return rows.map((r) => r.id)
    },

    /** How many paid payments with money in them the user has. */
    async paidCount(userId: number): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM payments WHERE user_id = $1 AND status = 'paid' AND amount_minor > 0`,
        [userId],
      )
      return row?.n ?? 0
    },

    /**
     * Records a provider event once, with why it was ignored (null when it is acted on): false when
     * this event id was recorded before (or is being recorded now).
     */
    async recordEvent(
      provider: string,
      eventId: string,
      type: string,
      paymentId: string | null,
      ignored: string | null,
    ): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO payment_events (provider, event_id, type, payment_id, ignored) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT DO NOTHING RETURNING event_id`,
        [provider, eventId, type, paymentId, ignored],
      )
      return rows.length === 1
    },

    /**
     * The account that holds a user's things now: the user, or the account it was merged into
     * (docs/decisions/018-account-linking-and-merging.md). Each row is locked, as a merge locks
     * both of its rows: a merge running now either finishes first (and is followed) or waits for
     * the caller's transaction (and then moves what it granted).
     */
    async survivingAccount(userId: number): Promise<number> {
      let current = userId
      for (let hop = 0; hop < 16; hop++) {
        const [row] = await db.query<{ merged_into: number | null }>(
          `SELECT merged_into FROM users WHERE id = $1 FOR NO KEY UPDATE`,
          [current],
        )
        if (!row?.merged_into) return current
        current = row.merged_into
      }
      return current
    },

    /** The owner, status and slug of a listing. */
    async listing(id: number): Promise<{ owner_id: number; status: string; slug: string } | undefined> {
      const [row] = await db.query<{ owner_id: number; status: string; slug: string }>(
        `SELECT owner_id, status, slug FROM listings WHERE id = $1`,
        [id],
      )
      return row
    },

    async contactOpen(userId: number, listingId: number): Promise<boolean> {
      const rows = await db.query(`SELECT 1 FROM contact_reveals WHERE user_id = $1 AND listing_id = $2`, [
        userId,
        listingId,
      ])
      return rows.length > 0
    },
  }
}
