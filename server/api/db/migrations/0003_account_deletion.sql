-- Deleted accounts keep their row (listings and payments refer to it) with every personal field erased.
ALTER TABLE users ADD COLUMN deleted_at timestamptz;
