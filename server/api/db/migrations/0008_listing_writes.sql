-- Listings written by their owners: an optional verification number (a contract or
-- registration number, seen by the owner and moderators only).
ALTER TABLE listings ADD COLUMN verification_number text;
