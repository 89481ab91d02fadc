-- Listing lifecycle (docs/decisions/014-listing-statuses-and-moderation.md): stored translations, expiry 60 days after activation, views and
-- contact reveals for the owner's analytics.

-- A description translated into another product language (docs/decisions/017-listing-translations.md).
CREATE TABLE listing_translations (
  listing_id   integer NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  language     text NOT NULL CHECK (language IN ('fa', 'en', 'tr', 'es', 'de', 'it')),
  description  text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (listing_id, language)
);

-- Set when every other language is stored; the translation worker picks active listings without it.
ALTER TABLE listings ADD COLUMN translated_at timestamptz;
CREATE INDEX listings_active_untranslated ON listings (id) WHERE status = 'active' AND translated_at IS NULL;

-- A translation belongs to one text: whoever changes the description or its language drops them.
CREATE FUNCTION listing_text_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM listing_translations WHERE listing_id = NEW.id;
  NEW.translated_at := NULL;
  RETURN NEW;
END
$$;
CREATE TRIGGER listings_text_changed BEFORE UPDATE OF description, original_language ON listings
  FOR EACH ROW
  WHEN (OLD.description IS DISTINCT FROM NEW.description OR OLD.original_language IS DISTINCT FROM NEW.original_language)
  EXECUTE FUNCTION listing_text_changed();

-- The expiry sweep (60 days after activation, docs/decisions/014-listing-statuses-and-moderation.md) reads active listings by activation time.
CREATE INDEX listings_active_activated ON listings (activated_at) WHERE status = 'active';

-- Page views per listing and UTC day, written in batches by the API.
CREATE TABLE listing_views_daily (
  listing_id  integer NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  day         date NOT NULL,
  views       integer NOT NULL DEFAULT 0 CHECK (views >= 0),
  PRIMARY KEY (listing_id, day)
);

-- One row per contact reveal (written by the contact-access flow).
CREATE TABLE contact_reveals (
  listing_id  integer NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_reveals_listing ON contact_reveals (listing_id);
CREATE INDEX contact_reveals_user ON contact_reveals (user_id, created_at);
