import { SEED_COUNTRIES } from '../../../../server/api/db/seed/places.ts'
import type { Gazetteer } from '../../../../server/integrations/ai/local-query-parser.ts'

/** The seeded places as the parser gets them from the locations table. */
export const SEED_GAZETTEER: Gazetteer = {
  countries: SEED_COUNTRIES.map((c) => ({ code: c.code, currency: c.currency, names: Object.values(c.names) })),
  cities: SEED_COUNTRIES.flatMap((c) =>
    c.cities.map((city) => ({ key: city.key, country_code: c.code, names: Object.values(city.names) })),
  ),
}
