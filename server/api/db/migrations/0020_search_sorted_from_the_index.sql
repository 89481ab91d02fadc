-- Country + type (+ price range) with what a page is sorted by (docs/decisions/027-search-at-a-million.md):
-- a rare type and price window in a large country is read from this index alone and sorted, instead of
-- walking the country's boosted or newest listings past every one that fails the filter. The same keys
-- as before, so the capped count and the price sorts within a type read it as they did.
DROP INDEX listings_active_country_type_price;
CREATE INDEX listings_active_country_type_price ON listings (country_code, type, rent_eur_cents, id)
  INCLUDE (boost_until, created_at, rent_minor)
  WHERE status = 'active';
