-- Saved-search alerts, their matches, the in-app inbox, the delivery outbox and push subscriptions
-- (docs/decisions/020-alerts-and-outbox.md).

-- `filters` holds the GET /listings query names and values as the renter saved them; the typed
-- columns are the same filters resolved once (city ids, prices in EUR cents) for matching in SQL.
CREATE TABLE alerts (
  id                  serial PRIMARY KEY,
  user_id             integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name                text NOT NULL,
  filters             jsonb NOT NULL DEFAULT '{}',
  country_code        char(2),
  city_ids            integer[],             -- NULL: any city; empty: a city that does not exist (never matches)
  type                text,
  term                text,
  min_eur_cents       bigint,
  max_eur_cents       bigint,
  include_negotiable  boolean NOT NULL DEFAULT true,
  gender_pref         text,
  has_contract        boolean,
  available_by        date,
  frequency           text NOT NULL DEFAULT 'instant' CHECK (frequency IN ('instant', 'daily')),
  channels            text[] NOT NULL DEFAULT '{}',
  is_active           boolean NOT NULL DEFAULT true,
  -- paused by the renter (false) or by the plan's limit: only the user's own choice is kept here
  paused              boolean NOT NULL DEFAULT false,
  last_triggered      timestamptz,
  new_listings_count  integer NOT NULL DEFAULT 0,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alerts_user ON alerts (user_id, created_at, id);
-- The match of one listing reads the active alerts of its country (or of any country) and city.
CREATE INDEX alerts_active_country ON alerts (country_code, type) WHERE is_active;
CREATE INDEX alerts_active_cities ON alerts USING gin (city_ids) WHERE is_active;

CREATE TABLE alert_matches (
  id          bigserial PRIMARY KEY,
  alert_id    integer NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  listing_id  integer NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (alert_id, listing_id)
);
CREATE INDEX alert_matches_alert ON alert_matches (alert_id, created_at DESC, id DESC);

-- The in-app inbox.
CREATE TABLE notifications (
  id          bigserial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  alert_id    integer REFERENCES alerts (id) ON DELETE SET NULL,
  title       text NOT NULL DEFAULT 'New Notification',
  body        text NOT NULL DEFAULT '',
  data        jsonb NOT NULL DEFAULT '{}',   -- {listing_id, url}
  read_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;

-- What is still to be sent outside the app, written in the transaction that made the match.
CREATE TABLE notification_outbox (
  id               bigserial PRIMARY KEY,
  user_id          integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  channel          text NOT NULL CHECK (channel IN ('telegram', 'web_push', 'fcm', 'email')),
  payload          jsonb NOT NULL,
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  last_error       text,
  parked_at        timestamptz,
  sent_at          timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
-- The worker's claim: due rows neither sent nor parked, oldest first.
CREATE INDEX notification_outbox_due ON notification_outbox (next_attempt_at, id) WHERE sent_at IS NULL AND parked_at IS NULL;

-- A browser's Web Push subscription or a device's FCM token; one row per endpoint or token.
CREATE TABLE push_subscriptions (
  id            serial PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind          text NOT NULL CHECK (kind IN ('web_push', 'fcm')),
  endpoint      text NOT NULL,              -- the Web Push endpoint, or the FCM token
  p256dh        text,
  auth          text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  refreshed_at  timestamptz NOT NULL DEFAULT now(),
  CHECK (kind = 'fcm' OR (p256dh IS NOT NULL AND auth IS NOT NULL)),
  UNIQUE (kind, endpoint)
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);
