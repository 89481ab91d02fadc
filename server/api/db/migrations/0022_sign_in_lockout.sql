-- Past the per-e-mail ceiling of failed sign-ins the owner still gets in
-- (docs/decisions/016-email-sign-in.md): from an address the account signed in from before, or by
-- an e-mailed single-use sign-in link; and the owner is told once per lockout episode.

ALTER TABLE identity_codes DROP CONSTRAINT identity_codes_purpose_check;
ALTER TABLE identity_codes ADD CONSTRAINT identity_codes_purpose_check
  CHECK (purpose IN ('verifyEmail', 'resetPassword', 'signIn'));

-- The client addresses (HMAC under a key derived from SESSION_SECRET, never the address itself)
-- an identity signed in from successfully, forgotten after 90 days without a sign-in.
CREATE TABLE identity_known_clients (
  uid                text NOT NULL REFERENCES email_identities (uid) ON DELETE CASCADE,
  client_hash        text NOT NULL,
  last_signed_in_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (uid, client_hash)
);

-- One row per e-mail whose ceiling refused someone: an episode lasts until a whole window passes
-- without a refusal, and its first refusal mails the owner.
CREATE TABLE identity_sign_in_pauses (
  email            text PRIMARY KEY,
  last_refused_at  timestamptz NOT NULL
);
