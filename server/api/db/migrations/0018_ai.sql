-- AI search, analysis and comparison (docs/decisions/021-ai-search-and-credits.md).
-- The balance stays users.ai_credits (granted by sign-up, plans, coupons and referrals); every AI
-- call that takes one credit, and every credit given back after a failed call, is one row here.

CREATE TABLE ai_credit_ledger (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  delta       integer NOT NULL CHECK (delta IN (-1, 1)),
  reason      text NOT NULL CHECK (reason IN ('search', 'analyze', 'compare', 'refund')),
  refund_of   bigint UNIQUE REFERENCES ai_credit_ledger (id) ON DELETE CASCADE,  -- a credit is given back once
  created_at  timestamptz NOT NULL DEFAULT now(),
  CHECK ((reason = 'refund') = (refund_of IS NOT NULL)),
  CHECK ((reason = 'refund') = (delta = 1))
);
CREATE INDEX ai_credit_ledger_user ON ai_credit_ledger (user_id, created_at DESC);

-- The reader's standing preferences: used to rank AI results and to pre-fill searches.
CREATE TABLE ai_preferences (
  user_id      integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  preferences  jsonb NOT NULL,
  updated_at   timestamptz NOT NULL DEFAULT now()
);
