-- Where a listing is, and the area search (docs/decisions/046-listing-location-privacy-and-area-search.md).
-- The owner's pin (exact_lat, exact_lng) is read only for the owner's and moderators' views; every
-- search, count, map point and alert reads the public point (public_lat, public_lng), computed at
-- write time from the pin and a key of this deployment (service_keys 'location_key'), within 300 m
-- of it. Both pairs are set or unset together.
ALTER TABLE listings
  ADD COLUMN exact_lat double precision,
  ADD COLUMN exact_lng double precision,
  ADD COLUMN public_lat double precision,
  ADD COLUMN public_lng double precision,
  ADD CONSTRAINT listings_location_whole CHECK (
    (exact_lat IS NULL) = (exact_lng IS NULL) AND (exact_lat IS NULL) = (public_lat IS NULL)
    AND (public_lat IS NULL) = (public_lng IS NULL));

-- The area search: a range of latitudes, the longitudes filtered in the index, with what a page is
-- sorted by and the place and type it may also be filtered on, so a page's ids and the capped count
-- are read from the index alone.
CREATE INDEX listings_active_public_point ON listings (public_lat, public_lng)
  INCLUDE (id, boost_until, created_at, rent_eur_cents, country_code, city_id, type)
  WHERE status = 'active' AND public_lat IS NOT NULL;
-- Its twin for the boosted listings only (as listings_active_boosted is to the default order): the
-- default order's first slice reads the boosted listings of the box, not every listing of its band.
CREATE INDEX listings_active_public_point_boosted ON listings (public_lat, public_lng)
  INCLUDE (id, boost_until, created_at, rent_eur_cents, country_code, city_id, type)
  WHERE status = 'active' AND public_lat IS NOT NULL AND boost_until IS NOT NULL;

-- A saved search's box, matched against the public point of each new listing.
ALTER TABLE alerts
  ADD COLUMN bbox double precision[] CHECK (bbox IS NULL OR cardinality(bbox) = 4);

-- The key the public points are derived with, made once like the others (decision 030).
ALTER TABLE service_keys DROP CONSTRAINT service_keys_name_check;
ALTER TABLE service_keys ADD CONSTRAINT service_keys_name_check CHECK (name IN ('session_secret', 'vapid', 'location_key'));

-- Each city's centre: where its map opens, where a listing without a pin is shown, and the point a
-- pin must lie within 50 km of. Cities written before this (the demo seed's) get theirs here.
ALTER TABLE cities
  ADD COLUMN centre_lat double precision,
  ADD COLUMN centre_lng double precision;
UPDATE cities c SET centre_lat = v.lat, centre_lng = v.lng
  FROM (VALUES
  ('DE', 'berlin', 52.52, 13.405),
  ('DE', 'hamburg', 53.5511, 9.9937),
  ('DE', 'munich', 48.1374, 11.5755),
  ('DE', 'frankfurt', 50.1109, 8.6821),
  ('DE', 'cologne', 50.9375, 6.9603),
  ('DE', 'dusseldorf', 51.2277, 6.7735),
  ('TR', 'istanbul', 41.0082, 28.9784),
  ('TR', 'ankara', 39.9334, 32.8597),
  ('TR', 'izmir', 38.4237, 27.1428),
  ('TR', 'antalya', 36.8969, 30.7133),
  ('TR', 'van', 38.5012, 43.373),
  ('IT', 'rome', 41.9028, 12.4964),
  ('IT', 'milan', 45.4642, 9.19),
  ('IT', 'turin', 45.0703, 7.6869),
  ('IT', 'bologna', 44.4949, 11.3426),
  ('IT', 'padua', 45.4064, 11.8768),
  ('ES', 'madrid', 40.4168, -3.7038),
  ('ES', 'barcelona', 41.3874, 2.1686),
  ('ES', 'valencia', 39.4699, -0.3763),
  ('ES', 'malaga', 36.7213, -4.4214),
  ('NL', 'amsterdam', 52.3676, 4.9041),
  ('NL', 'rotterdam', 51.9244, 4.4777),
  ('NL', 'the-hague', 52.0705, 4.3007),
  ('NL', 'utrecht', 52.0907, 5.1214),
  ('NL', 'eindhoven', 51.4416, 5.4697),
  ('FR', 'paris', 48.8566, 2.3522),
  ('FR', 'lyon', 45.764, 4.8357),
  ('FR', 'toulouse', 43.6047, 1.4442),
  ('FR', 'grenoble', 45.1885, 5.7245),
  ('FR', 'strasbourg', 48.5734, 7.7521),
  ('GB', 'london', 51.5072, -0.1276),
  ('GB', 'manchester', 53.4808, -2.2426),
  ('GB', 'birmingham', 52.4862, -1.8904),
  ('GB', 'edinburgh', 55.9533, -3.1883),
  ('GB', 'newcastle', 54.9783, -1.6178),
  ('AT', 'vienna', 48.2082, 16.3738),
  ('AT', 'graz', 47.0707, 15.4395),
  ('AT', 'linz', 48.3069, 14.2858),
  ('AT', 'innsbruck', 47.2692, 11.4041),
  ('AT', 'salzburg', 47.8095, 13.055),
  ('SE', 'stockholm', 59.3293, 18.0686),
  ('SE', 'gothenburg', 57.7089, 11.9746),
  ('SE', 'malmo', 55.605, 13.0038),
  ('SE', 'uppsala', 59.8586, 17.6389),
  ('CA', 'toronto', 43.6532, -79.3832),
  ('CA', 'vancouver', 49.2827, -123.1207),
  ('CA', 'montreal', 45.5019, -73.5674),
  ('CA', 'calgary', 51.0447, -114.0719),
  ('CA', 'ottawa', 45.4215, -75.6972),
  ('IR', 'tehran', 35.6892, 51.389),
  ('IR', 'mashhad', 36.2605, 59.6168),
  ('IR', 'isfahan', 32.6546, 51.668),
  ('IR', 'shiraz', 29.5918, 52.5837),
  ('IR', 'tabriz', 38.08, 46.2919),
  ('IR', 'karaj', 35.84, 50.9391),
  ('AE', 'dubai', 25.2048, 55.2708),
  ('AE', 'abu-dhabi', 24.4539, 54.3773),
  ('AE', 'sharjah', 25.3463, 55.4209),
  ('AE', 'ajman', 25.4052, 55.5136),
  ('NO', 'oslo', 59.9139, 10.7522),
  ('NO', 'bergen', 60.3913, 5.3221),
  ('NO', 'trondheim', 63.4305, 10.3951),
  ('NO', 'stavanger', 58.97, 5.7331)
  ) AS v(country_code, key, lat, lng)
 WHERE c.country_code = v.country_code AND c.key = v.key;
