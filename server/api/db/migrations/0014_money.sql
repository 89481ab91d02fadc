-- Money: the payments ledger, premium periods, paid and free contact reveals, coupons and referrals
-- (docs/decisions/019-payments-ledger.md). Amounts are integer minor units (EUR cents).

CREATE TABLE payments (
  id               uuid PRIMARY KEY,
  user_id          integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind             text NOT NULL CHECK (kind IN ('subscription', 'contact', 'boost')),
  plan_key         text CHECK (plan_key IS NULL OR plan_key IN ('monthly', 'quarterly', 'yearly')),
  listing_id       integer REFERENCES listings (id) ON DELETE SET NULL,
  amount_minor     integer NOT NULL CHECK (amount_minor >= 0),
  currency         char(3) NOT NULL DEFAULT 'EUR',
  coupon_code      text,
  discount_minor   integer NOT NULL DEFAULT 0 CHECK (discount_minor >= 0),
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'cancelled', 'refunded')),
  provider         text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
  provider_ref     text,                     -- the Stripe Checkout Session id
  checkout_url     text,
  idempotency_key  text NOT NULL,
  request_hash     text NOT NULL,            -- SHA-256 of the request: the same key with another body is a 409
  created_at       timestamptz NOT NULL DEFAULT now(),
  paid_at          timestamptz,
  cancelled_at     timestamptz,
  CHECK ((kind = 'subscription') = (plan_key IS NOT NULL)),
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX payments_user ON payments (user_id, created_at DESC);
CREATE UNIQUE INDEX payments_provider_ref ON payments (provider, provider_ref) WHERE provider_ref IS NOT NULL;

-- Each provider event is applied once: its id is the key.
CREATE TABLE payment_events (
  provider     text NOT NULL,
  event_id     text NOT NULL,
  type         text NOT NULL,
  payment_id   uuid REFERENCES payments (id) ON DELETE SET NULL,
  received_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

-- One row per premium period granted (a paid plan, a coupon's premium days, a referral reward).
CREATE TABLE subscriptions (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  plan_key    text NOT NULL,              -- monthly | quarterly | yearly | coupon | referral
  source      text NOT NULL CHECK (source IN ('payment', 'coupon', 'referral')),
  payment_id  uuid UNIQUE REFERENCES payments (id) ON DELETE SET NULL,
  starts_at   timestamptz NOT NULL,
  ends_at     timestamptz NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at)
);
CREATE INDEX subscriptions_user ON subscriptions (user_id, starts_at DESC);

-- A contact once opened stays open for that reader: one row per reader and listing.
DELETE FROM contact_reveals a USING contact_reveals b
 WHERE a.user_id = b.user_id AND a.listing_id = b.listing_id AND a.created_at > b.created_at;
ALTER TABLE contact_reveals
  ADD COLUMN via text NOT NULL DEFAULT 'daily' CHECK (via IN ('daily', 'payment', 'owner')),
  ADD COLUMN payment_id uuid REFERENCES payments (id) ON DELETE SET NULL,
  ADD PRIMARY KEY (user_id, listing_id);

CREATE TABLE coupons (
  code            text PRIMARY KEY CHECK (code = upper(code) AND code ~ '^[A-Z0-9_-]{3,40}$'),
  kind            text NOT NULL CHECK (kind IN ('percent', 'fixed', 'grant')),
  percent_off     integer CHECK (percent_off IS NULL OR percent_off BETWEEN 1 AND 100),
  amount_off_minor integer CHECK (amount_off_minor IS NULL OR amount_off_minor > 0),
  grant_ai_credits integer NOT NULL DEFAULT 0 CHECK (grant_ai_credits >= 0),
  grant_premium_days integer NOT NULL DEFAULT 0 CHECK (grant_premium_days >= 0),
  grant_free_boosts integer NOT NULL DEFAULT 0 CHECK (grant_free_boosts >= 0),
  plan_keys       text[],                   -- null: every plan
  expires_at      timestamptz,
  max_uses        integer CHECK (max_uses IS NULL OR max_uses > 0),
  used_count      integer NOT NULL DEFAULT 0 CHECK (used_count >= 0),
  is_active       boolean NOT NULL DEFAULT true,
  created_by      integer REFERENCES users (id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  CHECK (max_uses IS NULL OR used_count <= max_uses),
  CHECK ((kind = 'percent') = (percent_off IS NOT NULL)),
  CHECK ((kind = 'fixed') = (amount_off_minor IS NOT NULL)),
  CHECK (kind <> 'grant' OR grant_ai_credits + grant_premium_days + grant_free_boosts > 0)
);

-- Once per user and coupon; a discount is redeemed when its payment is paid.
CREATE TABLE coupon_redemptions (
  code        text NOT NULL REFERENCES coupons (code) ON DELETE CASCADE,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  payment_id  uuid REFERENCES payments (id) ON DELETE SET NULL,
  redeemed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (code, user_id)
);
CREATE INDEX coupon_redemptions_user ON coupon_redemptions (user_id, redeemed_at DESC);

-- Referrals: who brought whom (once per account), and each reward once.
ALTER TABLE users ADD COLUMN referred_by integer REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE users ADD COLUMN referred_at timestamptz;
CREATE INDEX users_referred_by ON users (referred_by) WHERE referred_by IS NOT NULL;

CREATE TABLE referral_rewards (
  referee_id   integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind         text NOT NULL CHECK (kind IN ('signup', 'first_payment')),
  referrer_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  granted_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (referee_id, kind)
);
CREATE INDEX referral_rewards_referrer ON referral_rewards (referrer_id);
