-- The keys every process of one deployment must share (docs/decisions/030-shared-secrets-and-keys.md):
-- the session secret and the Web Push (VAPID) pair, when the environment does not give them. Each is
-- made once, by whichever process starts first (INSERT … ON CONFLICT DO NOTHING), and read by all.
CREATE TABLE service_keys (
  name text PRIMARY KEY CHECK (name IN ('session_secret', 'vapid')),
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
