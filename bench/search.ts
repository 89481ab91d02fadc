// `npm run bench -- search` and `npm run bench -- explain` (README, "Benchmark"; docs/decisions/027-search-at-a-million.md):
// the JSON search alone, three queries, each cached (as visitors get it) and with every request a new query
// (the database path); and EXPLAIN (ANALYZE, BUFFERS) of the SQL the API issues for each, captured from its code path.
import { loadavg } from 'node:os'
import type { Request } from 'autocannon'
import { openDb, type Db, type OpenDbOptions, type QueryOptions } from '../server/api/db/client.ts'
import { SEED_COUNTRIES } from '../server/api/db/seed/places.ts'
import { viewCounter } from '../server/api/listings/analytics/views.ts'
import { publicListingsService } from '../server/api/listings/public/public.service.ts'
import { locationsService } from '../server/api/locations/locations.service.ts'
import { changeBus } from '../server/lib/change-bus.ts'
import { ListListingsQuery } from '../shared/schemas/listing.ts'
import { LOCALE_CODES } from '../shared/locales.ts'

/** How many different queries of each search `explain` times. */
const TIMED_SEARCHES = 500

/** The three searches of docs/decisions/027-search-at-a-million.md, as query strings of GET /api/v1/listings. */
export const SEARCHES = [
  { name: 'city + sort', query: 'city=berlin&sort=price_asc' },
  { name: 'country + price + type', query: 'country=DE&type=private_room&min_price=500&max_price=900' },
  { name: 'default (boosted) order', query: '' },
  // the map's "search this area" over central Berlin, about 6 × 7 km (docs/decisions/046-listing-location-privacy-and-area-search.md)
  { name: 'bbox (an area of a city)', query: 'bbox=13.36,52.49,13.45,52.55' },
] as const

/** A box of `km` kilometres a side around a point `north` and `east` kilometres from the centre, 5 decimals. */
function boxAround(centre: { lat: number; lng: number }, km: number, north: number, east: number): string {
  const perKmLat = 1 / 111.2
  const perKmLng = perKmLat / Math.cos((centre.lat * Math.PI) / 180)
  const lat = centre.lat + north * perKmLat
  const lng = centre.lng + east * perKmLng
  const half = km / 2
  return [lng - half * perKmLng, lat - half * perKmLat, lng + half * perKmLng, lat + half * perKmLat]
    .map((v) => v.toFixed(5))
    .join(',')
}

/**
 * Many different queries of each kind, so that no request is answered from a cache: far more of them
 * than the API's and the gateway's public caches hold (their bounds in bytes keep a few dozen such
 * answers), asked in turn across all connections, so each is evicted or expired long before it comes
 * round again (docs/decisions/006-caches-and-their-lifetimes.md).
 */
function variants(kind: (typeof SEARCHES)[number]['name']): string[] {
  const out: string[] = []
  const countries = SEED_COUNTRIES
  if (kind === 'city + sort') {
    // every city, in every language, pages 1–8
    for (const country of countries)
      for (const city of country.cities)
        for (const language of LOCALE_CODES)
          for (let page = 1; page <= 8; page++)
            out.push(`city=${city.key}&sort=price_asc&language=${language}&page=${page}`)
  } else if (kind === 'country + price + type') {
    // every country and type, ten price windows across its rooms' rents (its currency), in every language
    for (const country of countries) {
      const [lo, hi] = country.cities[0]!.rent.room
      for (const type of ['apartment', 'private_room', 'shared_room'])
        for (let step = 0; step < 10; step++) {
          const min = Math.round(lo + ((hi - lo) * step) / 10)
          const max = Math.round(min + (hi - lo) / 2)
          for (const language of LOCALE_CODES)
            out.push(`country=${country.code}&type=${type}&min_price=${min}&max_price=${max}&language=${language}`)
        }
    }
  } else if (kind === 'bbox (an area of a city)') {
    // every city, boxes of 1–8 km around points up to 2 km from its centre, pages 1–2, in every language
    for (const country of countries)
      for (const city of country.cities)
        for (const km of [1, 2, 4, 8])
          for (const [north, east] of [
            [0, 0],
            [1.5, -1],
            [-2, 1],
          ] as const)
            for (const language of LOCALE_CODES)
              for (let page = 1; page <= 2; page++)
                out.push(`bbox=${boxAround(city.centre, km, north, east)}&language=${language}&page=${page}`)
  } else {
    // pages 1–20 at 10–30 listings a page, in every language
    for (const language of LOCALE_CODES)
      for (let page = 1; page <= 20; page++)
        for (let limit = 10; limit <= 30; limit++) out.push(`language=${language}&page=${page}&limit=${limit}`)
  }
  // a fixed shuffle, so that neighbours in time differ in every parameter
  let seed = 42
  const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1))
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

/** One request that asks the next query of `queries` each time it is sent, whichever connection sends it. */
function rotating(queries: string[]): Request[] {
  let next = 0
  return [
    {
      method: 'GET',
      setupRequest: (request) => ({ ...request, path: `/api/v1/listings?${queries[next++ % queries.length]}` }),
    },
  ]
}

export interface SearchRow {
  name: string
  rps: number
  p50: number
  p99: number
  errors: number
}

/** Measures each search cached and uncached against the product at `base` with run.ts's `measure`. */
export async function benchSearch(
  base: string,
  measure: (name: string, url: string, requests?: Request[]) => Promise<SearchRow>,
): Promise<SearchRow[]> {
  const rows: SearchRow[] = []
  for (const search of SEARCHES) {
    const url = `${base}/api/v1/listings${search.query ? `?${search.query}` : ''}`
    rows.push(await measure(`json ${search.name}, cached: ?${search.query}`, url))
    const queries = variants(search.name)
    rows.push(await measure(`json ${search.name}, uncached (${queries.length} queries)`, base, rotating(queries)))
  }
  return rows
}

/** The table of `benchSearch`, with the load average at the end (other work on the machine skews the figures). */
export function printSearch(rows: SearchRow[], setting: string): void {
  console.log(`\nbench search: ${setting}, 10 connections\n`)
  console.log(
    `${'target'.padEnd(72)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(9)}`,
  )
  for (const r of rows)
    console.log(
      `${r.name.padEnd(72)}${r.rps.toFixed(0).padStart(9)}${String(r.p50).padStart(9)}${String(r.p99).padStart(9)}${String(r.errors).padStart(9)}`,
    )
  console.log(
    `\nload average: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
  )
}

/** A database that runs EXPLAIN (ANALYZE, BUFFERS) of each SELECT before running it, and prints both. */
function explaining(db: Db): Db {
  return {
    ...db,
    async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions) {
      if (/^\s*(SELECT|WITH)\b/i.test(sql)) {
        const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params)
        console.log(`\n${sql.replace(/\s+/g, ' ').trim()}`)
        console.log(`  parameters: ${JSON.stringify(params)}`)
        for (const row of plan) console.log(`  ${row['QUERY PLAN']}`)
      }
      return db.query<T>(sql, params, options)
    },
  }
}

/**
 * Prints the plans of the SQL the public search issues for each of SEARCHES, through the same
 * service the API builds (server/api/listings/plugin.ts), after one unexplained run to warm the caches.
 */
export async function explainSearches(options: OpenDbOptions): Promise<void> {
  const db = await openDb(options)
  try {
    const locations = locationsService(db)
    const service = (target: Db) =>
      publicListingsService(target, {
        publicCacheMs: 0,
        countryCurrency: (code) => locations.currencyOf(code),
        cityIds: (key) => locations.cityIdsByKey(key),
        views: viewCounter(db),
        changes: changeBus(null),
      })
    const [{ n }] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM listings`)) as [{ n: number }]
    console.log(`explain: ${n} listings on ${db.kind}`)
    // BENCH_EXPLAIN_QUERY: the plans of that search instead (one of the slowest below, say)
    const asked = process.env.BENCH_EXPLAIN_QUERY
    for (const search of asked === undefined ? SEARCHES : [{ name: 'asked', query: asked.replace(/^\?/, '') }]) {
      const query = ListListingsQuery.parse(Object.fromEntries(new URLSearchParams(search.query)))
      await service(db).search(query)
      console.log(`\n=== ${search.name}: GET /api/v1/listings?${search.query}`)
      await service(explaining(db)).search(query)
      if (query.bbox) {
        // and the map's points of that area (docs/decisions/046-listing-location-privacy-and-area-search.md)
        const { page: _page, limit: _limit, ...points } = query
        await service(db).points(points)
        console.log(`\n=== ${search.name}: GET /api/v1/listings/points?${search.query}`)
        await service(explaining(db)).points(points)
      }
    }
    // the same searches without HTTP, one at a time: what the database path costs when nothing else waits
    console.log(
      `\n=== each search through the service, sequentially, every one a new query (${TIMED_SEARCHES} of each)`,
    )
    for (const search of asked === undefined ? SEARCHES : []) {
      const timed: Array<{ variant: string; ms: number }> = []
      for (const variant of variants(search.name).slice(0, TIMED_SEARCHES)) {
        const query = ListListingsQuery.parse(Object.fromEntries(new URLSearchParams(variant)))
        const started = performance.now()
        await service(db).search(query)
        timed.push({ variant, ms: performance.now() - started })
      }
      timed.sort((a, b) => a.ms - b.ms)
      const at = (q: number) => timed[Math.min(timed.length - 1, Math.floor(q * timed.length))]!.ms.toFixed(2)
      console.log(`${search.name.padEnd(26)} p50 ${at(0.5)} ms  p99 ${at(0.99)} ms`)
      // the slowest, to explain by hand
      for (const { variant, ms } of timed.slice(-3).reverse())
        console.log(`  ${ms.toFixed(1).padStart(7)} ms  ?${variant}`)
    }
    console.log(
      `load average: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(', ')}`,
    )
  } finally {
    await db.close()
  }
}
