-- Account linking and merging (docs/decisions/018-account-linking-and-merging.md): nonces that bind a Telegram link callback to the
-- signed-in user, and merge tokens used once. A merged account keeps its row (erased) and points
-- to the account it went into.

CREATE TABLE link_nonces (
  nonce_hash  text PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX link_nonces_user ON link_nonces (user_id);

CREATE TABLE merge_token_uses (
  jti      text PRIMARY KEY,
  used_at  timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE users ADD COLUMN merged_into integer REFERENCES users (id);
