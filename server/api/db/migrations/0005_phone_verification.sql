-- Phone verification (POST /users/verify-phone): single-use six-digit codes sent by SMS, kept only
-- as hashes; rows also count the codes sent per hour and the wrong attempts per code.

CREATE TABLE phone_codes (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  phone       text NOT NULL,                  -- E.164
  code_hash   text NOT NULL,                  -- sha256 of user id, phone and code
  expires_at  timestamptz NOT NULL,
  attempts    integer NOT NULL DEFAULT 0,     -- wrong codes entered against this one
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX phone_codes_user ON phone_codes (user_id, created_at);

-- One live account per verified number, also under two concurrent verifications.
CREATE UNIQUE INDEX users_verified_phone ON users (phone_number) WHERE phone_verified AND deleted_at IS NULL;
