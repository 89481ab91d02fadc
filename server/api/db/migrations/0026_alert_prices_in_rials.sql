-- An alert saved from a search priced in rials as Persian pages show them
-- (docs/decisions/005-cross-currency-price-filters.md) matches rial rents on their own amount:
-- min_rial/max_rial; the other currencies' rents still compare with min_eur_cents/max_eur_cents.
-- Both null: every rent compares in EUR cents, as before.

ALTER TABLE alerts ADD COLUMN min_rial bigint, ADD COLUMN max_rial bigint;
