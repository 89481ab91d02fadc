// The bench on PostgreSQL (README, "Benchmark"; docs/decisions/027-search-at-a-million.md): with TEST_DATABASE_URL
// set, `npm run bench` uses a database of its own per listing count on that server (khaneh_bench_<count>; the
// suite's database is never touched), created if missing, migrated on every run and seeded once, with its photos
// under the bench's data directory.
import { existsSync, rmSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { openDb, type Db } from '../server/api/db/client.ts'
import { migrate } from '../server/api/db/migrate.ts'
import { seedDemo } from '../server/api/db/seed/index.ts'
import { diskPhotoStore } from '../server/integrations/photos/disk-store.ts'

/** The demo seed writes this many listings row by row; the rest are drawn from them in SQL. */
const TEMPLATE_LISTINGS = 50_000
/** Statements of the bulk seed run for minutes: far past the pool's production statement timeout. */
const SEED_STATEMENT_TIMEOUT_MS = 3_600_000

/** The bench database's URL: the server of `testUrl`, database `khaneh_bench_<listings>` (or BENCH_DATABASE, a name of its own). */
export function benchDatabaseUrl(testUrl: string, listings: number): string {
  const url = new URL(testUrl)
  url.pathname = `/${process.env.BENCH_DATABASE ?? `khaneh_bench_${listings}`}`
  return url.toString()
}

/**
 * The bench database for `listings` listings, migrated and seeded: the demo marker (`demo_seed`)
 * holds the number of listings once the seed has completed; any other state is dropped and seeded
 * again. Photos go under `dataDir`, which the product is started with. Returns its URL.
 */
export async function preparePostgresBench(testUrl: string, listings: number, dataDir: string): Promise<string> {
  const url = benchDatabaseUrl(testUrl, listings)
  const name = new URL(url).pathname.slice(1)
  const admin = new pg.Client({ connectionString: testUrl })
  await admin.connect()
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`)
    let db = await openDb({ databaseUrl: url, statementTimeoutMs: SEED_STATEMENT_TIMEOUT_MS })
    try {
      await migrate(db)
      const [marker] = await db.query<{ listings: number }>('SELECT listings FROM demo_seed')
      // the photos the rows name live under dataDir (another checkout has its own): without them, seed again
      const photos = existsSync(path.join(dataDir, 'photos'))
      if (marker?.listings === listings && photos) return url
      if (marker || exists.rowCount !== 0) {
        // a seed cut short (or of another size, or whose photos are elsewhere): start afresh, photos included
        console.log(`bench: ${name} is not fully seeded${photos ? '' : ` (no photos under ${dataDir})`}; dropping it`)
        await db.close()
        await admin.query(`DROP DATABASE ${name} WITH (FORCE)`)
        await admin.query(`CREATE DATABASE ${name}`)
        db = await openDb({ databaseUrl: url, statementTimeoutMs: SEED_STATEMENT_TIMEOUT_MS })
        await migrate(db)
      }
      rmSync(dataDir, { recursive: true, force: true })
      const started = Date.now()
      await seedBulk(db, dataDir, listings)
      console.log(`bench: seeded ${listings} listings into ${name} in ${((Date.now() - started) / 1000).toFixed(0)} s`)
      return url
    } finally {
      await db.close()
    }
  } finally {
    await admin.end()
  }
}

/**
 * Seeds `total` listings fast: the demo seed writes up to TEMPLATE_LISTINGS of them (its places,
 * owners, photos, distributions and texts), then one transaction draws the others from those at
 * random in SQL (INSERT … SELECT over generate_series): same city, type, term, price and currency,
 * status and boost, texts and photos, with a unique slug, the creation and boost times moved by
 * up to an hour and the pin and public point by up to a kilometre or so. Active listings get their description in the five other languages, as the
 * translation worker stores them (docs/decisions/017-listing-translations.md): the text of a template
 * listing of the same type written in that language, in the same city when there is one.
 */
async function seedBulk(db: Db, dataDir: string, total: number): Promise<void> {
  const log = (m: string) => console.log(`bench: ${m}`)
  const template = Math.min(total, TEMPLATE_LISTINGS)
  const seeded = await seedDemo(db, diskPhotoStore(dataDir), { listings: template, log })
  if (seeded.outcome !== 'seeded') throw new Error(`bench: the demo seed did not run (${seeded.outcome})`)
  await db.transaction(async (tx) => {
    const step = async (what: string, sql: string, params: unknown[] = []) => {
      const started = Date.now()
      await tx.query(sql, params)
      log(`${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
    }
    await step(
      'texts by city, type and language',
      `CREATE TEMP TABLE bench_texts ON COMMIT DROP AS
         SELECT DISTINCT ON (city_id, type, original_language) city_id, type, original_language AS language, description
           FROM listings ORDER BY city_id, type, original_language, id`,
    )
    await tx.query('CREATE INDEX ON bench_texts (type, language, city_id)')
    await step(
      'translations of the template listings',
      `INSERT INTO listing_translations (listing_id, language, description, created_at)
       SELECT l.id, lang, COALESCE(
                (SELECT t.description FROM bench_texts t WHERE t.city_id = l.city_id AND t.type = l.type AND t.language = lang),
                (SELECT t.description FROM bench_texts t WHERE t.type = l.type AND t.language = lang ORDER BY t.city_id LIMIT 1)),
              l.created_at
         FROM listings l CROSS JOIN unnest(ARRAY['fa', 'en', 'tr', 'es', 'de', 'it']) AS lang
        WHERE l.status = 'active' AND lang <> l.original_language`,
    )
    await tx.query(`UPDATE listings SET translated_at = created_at WHERE status = 'active'`)
    if (total > template) {
      await step(
        `${total - template} listings drawn from the template`,
        `CREATE TEMP TABLE bench_map ON COMMIT DROP AS
           WITH drawn AS MATERIALIZED (
                  SELECT g, 1 + floor(random() * $2::int)::int AS n, (random() - 0.5) * interval '2 hours' AS shift,
                         (random() - 0.5) * 0.02 AS north, (random() - 0.5) * 0.03 AS east
                    FROM generate_series(1, $1::int) g),
                numbered AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM listings)
           SELECT (SELECT max(id) FROM listings) + d.g AS id, t.id AS template_id, d.shift, d.north, d.east
             FROM drawn d JOIN numbered t ON t.n = d.n`,
        [total - template, template],
      )
      await step(
        'listings',
        `INSERT INTO listings (id, slug, owner_id, type, country_code, city_id, rent_minor, currency, rent_eur_cents,
           is_negotiable, gender_pref, description, original_language, term, start_date, has_contract, size_m2, rooms,
           furnished, contact, status, boost_until, favorite_count, created_at, updated_at, activated_at, translated_at,
           exact_lat, exact_lng, public_lat, public_lng)
         OVERRIDING SYSTEM VALUE
         SELECT m.id, t.slug || '-' || m.id, t.owner_id, t.type, t.country_code, t.city_id, t.rent_minor, t.currency,
                t.rent_eur_cents, t.is_negotiable, t.gender_pref, t.description, t.original_language, t.term, t.start_date,
                t.has_contract, t.size_m2, t.rooms, t.furnished, t.contact, t.status, t.boost_until + m.shift,
                t.favorite_count, t.created_at + m.shift, t.created_at + m.shift, t.activated_at + m.shift,
                t.translated_at + m.shift,
                -- the template's pin and public point moved together (about a kilometre), so the copies spread over the city
                t.exact_lat + m.north, t.exact_lng + m.east, t.public_lat + m.north, t.public_lng + m.east
           FROM bench_map m JOIN listings t ON t.id = m.template_id
          ORDER BY m.id`,
      )
      await tx.query(`SELECT setval(pg_get_serial_sequence('listings', 'id'), (SELECT max(id) FROM listings))`)
      await step(
        'photos',
        `INSERT INTO photos (listing_id, position, file_id, thumb_file_id, width, height)
         SELECT m.id, p.position, p.file_id, p.thumb_file_id, p.width, p.height
           FROM bench_map m JOIN photos p ON p.listing_id = m.template_id ORDER BY m.id, p.position`,
      )
      await step(
        'translations',
        `INSERT INTO listing_translations (listing_id, language, description, created_at)
         SELECT m.id, lt.language, lt.description, lt.created_at + m.shift
           FROM bench_map m JOIN listing_translations lt ON lt.listing_id = m.template_id ORDER BY m.id`,
      )
    }
    await tx.query('UPDATE demo_seed SET listings = $1', [total])
  })
  const started = Date.now()
  await db.exec('VACUUM ANALYZE')
  log(`VACUUM ANALYZE (${((Date.now() - started) / 1000).toFixed(1)} s)`)
}
