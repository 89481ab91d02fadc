-- Users, places, listings, photos and favourites; the listing statuses of docs/decisions/014-listing-statuses-and-moderation.md.

CREATE TABLE users (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  telegram_id     bigint UNIQUE,
  email           text UNIQUE,
  email_verified  boolean NOT NULL DEFAULT false,
  first_name      text NOT NULL,
  last_name       text,
  username        text,
  language        text NOT NULL DEFAULT 'fa',
  phone_number    text,
  phone_verified  boolean NOT NULL DEFAULT false,
  auth_method     text NOT NULL DEFAULT 'telegram' CHECK (auth_method IN ('telegram', 'email', 'seed')),
  role            text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  premium_until   timestamptz,
  ai_credits      integer NOT NULL DEFAULT 3 CHECK (ai_credits >= 0),
  free_boosts     integer NOT NULL DEFAULT 0 CHECK (free_boosts >= 0),
  referral_code   text NOT NULL UNIQUE,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE countries (
  code            char(2) PRIMARY KEY,
  flag            text NOT NULL,
  currency        char(3) NOT NULL,
  supported_terms text[] NOT NULL DEFAULT ARRAY['short', 'long'],
  names           jsonb NOT NULL,            -- {fa, en, tr, es, de, it}
  position        integer NOT NULL DEFAULT 0
);

CREATE TABLE cities (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  country_code    char(2) NOT NULL REFERENCES countries (code),
  key             text NOT NULL,             -- ascii slug of the English name, the value of ?city=
  names           jsonb NOT NULL,            -- {fa, en, tr, es, de, it}
  search_text     text NOT NULL,             -- normalised names of every language, '|'-joined
  is_popular      boolean NOT NULL DEFAULT false,
  UNIQUE (country_code, key)
);
CREATE INDEX cities_key ON cities (key);

CREATE TABLE listings (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug              text NOT NULL UNIQUE,
  owner_id          integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type              text NOT NULL CHECK (type IN ('apartment', 'private_room', 'shared_room')),
  country_code      char(2) NOT NULL REFERENCES countries (code),
  city_id           integer NOT NULL REFERENCES cities (id),
  rent_minor        bigint CHECK (rent_minor IS NULL OR rent_minor > 0),   -- null: negotiable
  currency          char(3) NOT NULL DEFAULT 'EUR',
  rent_eur_cents    bigint,                  -- rent in EUR cents, for price filters and sorts across currencies
  is_negotiable     boolean NOT NULL DEFAULT false,
  gender_pref       text NOT NULL DEFAULT 'any' CHECK (gender_pref IN ('male', 'female', 'any')),
  description       text NOT NULL,
  original_language text NOT NULL DEFAULT 'fa',
  term              text NOT NULL DEFAULT 'long' CHECK (term IN ('short', 'long')),
  start_date        date,
  has_contract      boolean NOT NULL DEFAULT false,
  size_m2           integer CHECK (size_m2 IS NULL OR size_m2 > 0),
  rooms             integer CHECK (rooms IS NULL OR rooms > 0),
  furnished         boolean NOT NULL DEFAULT false,
  contact           text,
  status            text NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'active', 'rented', 'expired', 'rejected', 'removed')),
  status_reason     text,
  boost_until       timestamptz,
  favorite_count    integer NOT NULL DEFAULT 0,
  activated_at      timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);

-- Public search reads active listings only: partial indexes keep them small and ordered.
CREATE INDEX listings_active_newest ON listings (created_at DESC, id DESC) WHERE status = 'active';
CREATE INDEX listings_active_country_newest ON listings (country_code, created_at DESC, id DESC) WHERE status = 'active';
CREATE INDEX listings_active_city_newest ON listings (city_id, created_at DESC, id DESC) WHERE status = 'active';
CREATE INDEX listings_active_price ON listings (rent_eur_cents, id) WHERE status = 'active';
CREATE INDEX listings_active_city_price ON listings (city_id, rent_eur_cents, id) WHERE status = 'active';
CREATE INDEX listings_active_boosted ON listings (boost_until DESC, id DESC) WHERE status = 'active' AND boost_until IS NOT NULL;
CREATE INDEX listings_owner ON listings (owner_id, created_at DESC);

CREATE TABLE photos (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  listing_id     integer NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  position       integer NOT NULL DEFAULT 0,
  file_id        text NOT NULL,              -- the large variant in the photo store
  thumb_file_id  text NOT NULL,              -- the small variant
  width          integer NOT NULL,
  height         integer NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX photos_listing ON photos (listing_id, position);

CREATE TABLE favorites (
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  listing_id  integer NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, listing_id)
);
CREATE INDEX favorites_listing ON favorites (listing_id);
