-- Uploaded photos (docs/decisions/004-photo-store.md): each upload is re-encoded into a large and a small variant in the
-- photo store; this row is the uploader's claim on them (and what the per-user quota counts).

CREATE TABLE uploads (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id        integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  file_id        text NOT NULL UNIQUE,
  thumb_file_id  text NOT NULL,
  width          integer NOT NULL,
  height         integer NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_user ON uploads (user_id, created_at);
