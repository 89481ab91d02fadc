-- The daily e-mail digest of `daily` alerts (docs/decisions/020-alerts-and-outbox.md): a match is
-- taken into one digest (digested_at), and a user gets at most one digest outbox row per day.

ALTER TABLE alert_matches ADD COLUMN digested_at timestamptz;
-- The digest job reads the undigested matches only.
CREATE INDEX alert_matches_undigested ON alert_matches (created_at) WHERE digested_at IS NULL;

-- `digest:{user}:{day}` for the digest rows; NULL (any number) for the instant ones.
ALTER TABLE notification_outbox ADD COLUMN dedupe_key text UNIQUE;
