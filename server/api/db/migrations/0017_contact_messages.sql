-- Messages sent through the contact-us form. Kept so none is lost when mail fails:
-- mailed_at is set once the message reached CONTACT_EMAIL. No client address is kept; the
-- per-client limit counts requests in rate_limit_counters (or Redis) only.
CREATE TABLE contact_messages (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name        text NOT NULL,
  email       text NOT NULL,
  subject     text NOT NULL,
  message     text NOT NULL,
  language    text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  mailed_at   timestamptz
);
CREATE INDEX contact_messages_created_at ON contact_messages (created_at);
