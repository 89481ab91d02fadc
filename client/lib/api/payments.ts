import type { LocaleCode } from '../../../shared/locales.ts'
import { query, type Answer, type Api } from './call.ts'

export type Payment = Answer<'PaymentSchema'>

/**
 * The `Idempotency-Key` header (IDEMPOTENCY_HEADER of shared/schemas/payment.ts, spelled here because
 * importing that module's values would bundle zod: docs/decisions/012-wire-contract.md). One purchase
 * attempt is one key, sent again when the same attempt is retried.
 */
export const idempotent = (key: string) => ({ 'idempotency-key': key })

const path = (id: string) => `/payments/${encodeURIComponent(id)}`

/** The payer's own payments: read, the sandbox's Pay and Cancel, and the one-off checkouts of a listing. */
export const paymentsApi = ({ call }: Api) => ({
  get: (id: string, signal?: AbortSignal) => call('PaymentSchema', path(id), { signal }),
  confirmSandbox: (id: string) =>
    call('PaymentSchema', `/payments/sandbox/${encodeURIComponent(id)}/confirm`, { method: 'POST', body: {} }),
  cancelSandbox: (id: string) =>
    call('PaymentSchema', `/payments/sandbox/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: {} }),
  /** A €0.99 checkout that opens the listing's contact; one attempt is one `idempotencyKey`. */
  payContact: (listingId: number, language: LocaleCode, idempotencyKey: string) =>
    call('CheckoutSchema', `/payments/listings/${listingId}/contact${query({ language })}`, {
      method: 'POST',
      body: {},
      headers: idempotent(idempotencyKey),
    }),
  /** A €2.99 checkout that boosts the owner's listing; one attempt is one `idempotencyKey`. */
  payBoost: (listingId: number, language: LocaleCode, idempotencyKey: string) =>
    call('CheckoutSchema', `/payments/listings/${listingId}/boost${query({ language })}`, {
      method: 'POST',
      body: {},
      headers: idempotent(idempotencyKey),
    }),
})
