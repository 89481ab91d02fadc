-- Sessions shared by every process (docs/decisions/001-cookie-sessions-and-refresh-grace.md): a refresh
-- family is a row, locked by every rotation and revocation of its tokens, so a revocation also covers a
-- token a racing rotation was about to add; a rotated token names its successor, which a second refresh
-- of it within the grace receives again, from any process.

CREATE TABLE refresh_families (
  id          text PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz
);
CREATE INDEX refresh_families_user ON refresh_families (user_id);

-- revocations were always of a whole family or of all a user's tokens: one revoked token means its family is over
INSERT INTO refresh_families (id, user_id, created_at, revoked_at)
  SELECT family_id, min(user_id), min(created_at), max(revoked_at) FROM refresh_tokens GROUP BY family_id;

ALTER TABLE refresh_tokens
  ADD CONSTRAINT refresh_tokens_family_fk FOREIGN KEY (family_id) REFERENCES refresh_families (id) ON DELETE CASCADE,
  ADD COLUMN successor_id text REFERENCES refresh_tokens (id) ON DELETE SET NULL;
