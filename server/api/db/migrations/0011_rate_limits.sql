-- Per-client limits (docs/decisions/007-client-address-and-rate-limits.md): request counters shared by every API process when Redis is not
-- configured, and failed sign-ins kept per e-mail and client so a stranger cannot lock a user out.

-- One fixed window per key (policy, route and client address); a new window starts once
-- reset_at has passed. Expired rows are swept by the API.
CREATE TABLE rate_limit_counters (
  key       text PRIMARY KEY,
  hits      integer NOT NULL,
  reset_at  timestamptz NOT NULL
);
CREATE INDEX rate_limit_counters_reset_at ON rate_limit_counters (reset_at);

-- The client address (or IPv6 /64) of each failed sign-in; earlier rows have none.
ALTER TABLE identity_sign_in_failures ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY;
ALTER TABLE identity_sign_in_failures ADD COLUMN client text NOT NULL DEFAULT '';
CREATE INDEX identity_sign_in_failures_client ON identity_sign_in_failures (email, client, failed_at);
