-- The demo seed's completion marker. The seed writes it in the transaction that writes its rows,
-- so a database without it was never seeded, or holds what a seed cut short left behind, and the
-- next seed starts afresh (server/api/db/seed/index.ts).

CREATE TABLE demo_seed (
  id            boolean PRIMARY KEY DEFAULT true CHECK (id),   -- one row at most
  listings      integer NOT NULL,
  completed_at  timestamptz NOT NULL DEFAULT now()
);

-- Seeds that completed before the marker: their last step gave every seed listing its photos.
INSERT INTO demo_seed (listings)
SELECT count(*)
  FROM listings l JOIN users u ON u.id = l.owner_id
 WHERE u.auth_method = 'seed' AND u.referral_code LIKE 'SEED%'
HAVING count(*) > 0 AND bool_and(EXISTS (SELECT 1 FROM photos p WHERE p.listing_id = l.id));
