-- Sessions (docs/decisions/001-cookie-sessions-and-refresh-grace.md): opaque refresh tokens, stored hashed, rotated on every use; a family is
-- one sign-in, revoked whole when a rotated token comes back. Telegram login payloads are single-use.

CREATE TABLE refresh_tokens (
  id           text PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  family_id    text NOT NULL,
  token_hash   text NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  rotated_at   timestamptz,
  revoked_at   timestamptz
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);

CREATE TABLE telegram_login_uses (
  hash     text PRIMARY KEY,
  used_at  timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE users ADD COLUMN photo_url text;
