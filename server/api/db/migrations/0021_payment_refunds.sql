-- A paid boost whose listing is no longer active, or a paid contact already open, is refunded instead of granted, and a webhook event
-- that does not match its payment is recorded with why it was ignored (docs/decisions/019-payments-ledger.md).
ALTER TABLE payments
  ADD COLUMN refund_reason text CHECK (refund_reason IS NULL OR refund_reason IN ('listing_not_active', 'contact_already_open')),
  ADD COLUMN refund_ref    text,             -- the provider's refund id (Stripe's re_…); null in the sandbox
  ADD COLUMN refunded_at   timestamptz;

ALTER TABLE payment_events ADD COLUMN ignored text;

-- A reader's pending checkout of a listing's contact is found, and answered, instead of a second one.
CREATE INDEX payments_pending_contact ON payments (user_id, listing_id) WHERE kind = 'contact' AND status = 'pending';
