-- Public search at a million listings (docs/decisions/027-search-at-a-million.md): each common search is an
-- index scan that stops at its LIMIT, and its capped count an index-only scan.

-- Country + type (+ price range): the count, and the price sorts within a type, without reading the table.
CREATE INDEX listings_active_country_type_price ON listings (country_code, type, rent_eur_cents, id)
  WHERE status = 'active';

-- The boosted order's first part within a country or a city: only the boosted listings of that place are
-- read, instead of every boosted listing of the site filtered one by one.
CREATE INDEX listings_active_country_boosted ON listings (country_code, boost_until DESC, id DESC)
  WHERE status = 'active' AND boost_until IS NOT NULL;
CREATE INDEX listings_active_city_boosted ON listings (city_id, boost_until DESC, id DESC)
  WHERE status = 'active' AND boost_until IS NOT NULL;
