-- Moderation (docs/decisions/014-listing-statuses-and-moderation.md): admins approve or reject pending listings; users report public listings.

-- Who last moderated a listing, and when.
ALTER TABLE listings ADD COLUMN moderated_by integer REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE listings ADD COLUMN moderated_at timestamptz;

-- The admin queue of pending listings: oldest (by last edit) first.
CREATE INDEX listings_pending_queue ON listings (updated_at, id) WHERE status = 'pending';

CREATE TABLE listing_reports (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  listing_id   integer NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  reporter_id  integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason       text NOT NULL
               CHECK (reason IN ('spam', 'scam', 'wrong_info', 'duplicate', 'offensive', 'already_rented')),
  details      text CHECK (details IS NULL OR char_length(details) <= 1000),
  status       text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved', 'dismissed')),
  note         text,
  resolved_by  integer REFERENCES users (id) ON DELETE SET NULL,
  resolved_at  timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- One open report per user and listing; also counts a listing's open reports.
CREATE UNIQUE INDEX listing_reports_one_open ON listing_reports (listing_id, reporter_id) WHERE status = 'open';
-- The admin queue by status.
CREATE INDEX listing_reports_queue ON listing_reports (status, created_at, id);
-- A reporter's reports of the last 24 hours (rate limit).
CREATE INDEX listing_reports_reporter ON listing_reports (reporter_id, created_at);
