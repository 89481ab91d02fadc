-- One page view per visitor per listing per UTC day. A visitor is a salted hash (of the user id, or
-- of the client address and user agent for anonymous readers); the salt is one random value per
-- day, and days older than yesterday are deleted with their salt, so no hash can be linked back
-- to a person afterwards.

CREATE TABLE view_salts (
  day   date PRIMARY KEY,
  salt  bytea NOT NULL
);

CREATE TABLE listing_view_visitors (
  listing_id  integer NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  day         date NOT NULL,
  visitor     text NOT NULL,
  PRIMARY KEY (listing_id, day, visitor)
);
CREATE INDEX listing_view_visitors_day ON listing_view_visitors (day);
