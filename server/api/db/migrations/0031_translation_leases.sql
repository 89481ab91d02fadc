-- Translation work is claimed, so that each text is translated (and paid for) once however many
-- processes run the worker (docs/decisions/033-jobs-once-across-processes.md): a worker leases a
-- listing until `due_at`; a failure puts it off until then, longer after each attempt; a listing
-- done, or its lease ended, can be claimed again.
CREATE TABLE listing_translation_leases (
  listing_id  integer PRIMARY KEY REFERENCES listings (id) ON DELETE CASCADE,
  attempts    integer NOT NULL DEFAULT 0,
  due_at      timestamptz NOT NULL
);
