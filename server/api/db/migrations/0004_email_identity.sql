-- The built-in e-mail identity provider (docs/decisions/016-email-sign-in.md): password accounts, single-use codes for
-- e-mail verification and password reset, and failed sign-ins for throttling. A product user is
-- tied to an identity (built-in or Firebase) by its uid.

CREATE TABLE email_identities (
  uid                 text PRIMARY KEY,
  email               text NOT NULL UNIQUE,            -- lower-cased
  password_hash       text NOT NULL,
  email_verified      boolean NOT NULL DEFAULT false,
  display_name        text,
  language            text NOT NULL DEFAULT 'fa',
  created_at          timestamptz NOT NULL DEFAULT now(),
  password_changed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE identity_codes (
  code_hash   text PRIMARY KEY,
  uid         text NOT NULL REFERENCES email_identities (uid) ON DELETE CASCADE,
  purpose     text NOT NULL CHECK (purpose IN ('verifyEmail', 'resetPassword')),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX identity_codes_uid ON identity_codes (uid, purpose, created_at);

CREATE TABLE identity_sign_in_failures (
  email      text NOT NULL,
  failed_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX identity_sign_in_failures_email ON identity_sign_in_failures (email, failed_at);

ALTER TABLE users ADD COLUMN email_uid text UNIQUE;
-- kept for the referrals issue: the code a user signed up with
ALTER TABLE users ADD COLUMN referred_by_code text;
