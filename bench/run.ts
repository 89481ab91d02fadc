// `npm run bench`: autocannon against a production build seeded with 100,000 listings (README, "Benchmark").
// Warm-up, then 20 s at 10 connections per target; pages are also compared with a bare React reference.
// On PGlite under .bench-data/ by default; with TEST_DATABASE_URL set, on that PostgreSQL server in a database of its
// own per listing count (bench/postgres.ts). `-- search`: only the JSON searches; `-- explain`: their plans (bench/search.ts).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import autocannon, { type Request } from 'autocannon'
import { aiSearchRequests, BENCH_ADMIN_TELEGRAM_ID, BENCH_BOT_TOKEN, post, signIn } from './ai-search.ts'
import { benchAlertsPush, printAlertsPush } from './alerts-push.ts'
import { benchFlood, printFlood } from './flood.ts'
import { printScripts, scriptsInChromium } from './javascript.ts'
import { withDemoServer } from './demo-server.ts'
import { benchLoad, printLoad } from './load.ts'
import { benchMix, printMix } from './mix.ts'
import { benchMemory, printMemory } from './memory-load.ts'
import { preparePostgresBench } from './postgres.ts'
import { benchSearch, explainSearches, printSearch } from './search.ts'
import {
  benchLighthouseAlone,
  firstListingSlug,
  lighthousePages,
  printLighthouse,
  runLighthouse,
} from './lighthouse.ts'
import { benchHydrationAlone, printHydration, runHydration } from './hydration.ts'

// `npm run bench -- alerts-push`: only the approval-to-push scenario (no build, no seed).
if (process.argv[2] === 'alerts-push') {
  printAlertsPush(await benchAlertsPush())
  process.exit(0)
}
// `npm run bench -- js [base URL]`: only the script per public page, in Chromium (bench/javascript.ts).
if (process.argv[2] === 'js') {
  const measure = async (base: string) => printScripts(await scriptsInChromium(base, await firstListingSlug(base)))
  if (process.argv[3]) await measure(process.argv[3])
  else await withDemoServer(Number(process.env.PORT ?? 3302), process.env.BENCH_DATA_DIR ?? '.bench-data/demo', measure)
  process.exit(0)
}
// `npm run bench -- hydration [commit]`: only a phone's first visit, this build beside `commit`'s (bench/hydration.ts).
if (process.argv[2] === 'hydration') {
  await benchHydrationAlone(process.argv[3])
  process.exit(0)
}
// `npm run bench -- lighthouse`: only Lighthouse, on a small demo-seeded server (bench/lighthouse.ts).
if (process.argv[2] === 'lighthouse') {
  await benchLighthouseAlone(process.argv[3])
  process.exit(0)
}

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 100_000)
const DURATION = Number(process.env.BENCH_DURATION ?? 20)
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3)
const CONNECTIONS = 10
const PORT = Number(process.env.BENCH_PORT ?? 3300)
const REF_PORT = 3399
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL
const DATA_DIR = path.resolve(
  process.env.BENCH_DATA_DIR ?? `.bench-data/${TEST_DATABASE_URL ? 'postgres-' : ''}${LISTINGS}`,
)
const MODE = process.argv[2]
/** Node's arguments in package.json's `start` script (`node … scripts/start.ts`). */
const START_ARGS = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start
  .split(/\s+/)
  .slice(1)
const base = `http://127.0.0.1:${PORT}`
const node = process.execPath

function run(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(node, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) throw new Error(`failed: ${args.join(' ')}`)
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300))
  }
  throw new Error(`${url} did not answer in time`)
}

function start(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(node, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } })
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
}

interface Row {
  name: string
  rps: number
  p50: number
  p99: number
  errors: number
}

async function measure(name: string, url: string, requests?: Request[]): Promise<Row> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP, requests })
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, requests })
  const errors = result.errors + result.timeouts + result.non2xx
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors }
}

// 1. A production build and a seeded database (kept between runs under .bench-data/).
if (!existsSync('dist/server/entry.server.js')) run(['--import', 'tsx', 'scripts/build.ts'])
// `-- memory` measures one process on PostgreSQL, as production runs it (bench/memory-load.ts)
if (MODE === 'memory' && !TEST_DATABASE_URL) {
  console.error(
    'bench memory: runs on PostgreSQL; set TEST_DATABASE_URL (its server gets a database khaneh_bench_<count>)',
  )
  process.exit(1)
}
const DATABASE_URL = TEST_DATABASE_URL && (await preparePostgresBench(TEST_DATABASE_URL, LISTINGS, DATA_DIR))
if (!DATABASE_URL && !existsSync(path.join(DATA_DIR, 'seeded'))) {
  console.log(`bench: seeding ${LISTINGS} listings into ${DATA_DIR} (once)`)
  run(['--import', 'tsx', 'bench/seed.ts'], { DATA_DIR, BENCH_LISTINGS: String(LISTINGS) })
}

if (MODE === 'explain') {
  await explainSearches(DATABASE_URL ? { databaseUrl: DATABASE_URL } : { dataDir: DATA_DIR })
  process.exit(0)
}

// 2. The product, as `npm start` runs it (`-- memory`: exactly as package.json's start script does).
const server = start(MODE === 'memory' ? START_ARGS : ['--import', 'tsx', 'server/main.ts'], {
  ...(DATABASE_URL && { DATABASE_URL }),
  PORT: String(PORT),
  HOST: '127.0.0.1',
  DATA_DIR,
  LOG_LEVEL: 'warn',
  DEMO_SEED: 'false',
  PUBLIC_BASE_URL: base,
  TELEGRAM_BOT_TOKEN: BENCH_BOT_TOKEN,
  ADMIN_TELEGRAM_IDS: String(BENCH_ADMIN_TELEGRAM_ID),
})
const rows: Row[] = []
let searchRows: Awaited<ReturnType<typeof benchSearch>> = []
let cards: unknown[] = []
let flooded: Awaited<ReturnType<typeof benchFlood>> | undefined
let scripts: Awaited<ReturnType<typeof scriptsInChromium>> = []
const setting = `${LISTINGS} listings on ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}${process.env.REDIS_URL ? ' + Redis' : ''}`
// `-- search`, `-- flood` (bench/flood.ts), `-- load` (bench/load.ts), `-- mix` (bench/mix.ts) and `-- memory` (bench/memory-load.ts) run alone against the product
if (MODE === 'search' || MODE === 'flood' || MODE === 'load' || MODE === 'mix' || MODE === 'memory') {
  try {
    await waitFor(`${base}/readyz`, server)
    if (MODE === 'memory') printMemory(await benchMemory(base), setting)
    if (MODE === 'search') printSearch(await benchSearch(base, measure), setting)
    if (MODE === 'flood') printFlood(await benchFlood(base), setting)
    if (MODE === 'load') printLoad(await benchLoad(base), setting)
    if (MODE === 'mix') printMix(await benchMix(base, measure, Number(process.env.BENCH_MIX_RUNS ?? 3)), setting)
  } finally {
    await stop(server)
  }
  process.exit(0)
}
try {
  await waitFor(`${base}/readyz`, server)
  const page = (await (await fetch(`${base}/api/v1/listings?language=en&limit=20`)).json()) as {
    data: { listings: Array<Record<string, unknown>> }
  }
  const slug = String(page.data.listings[0]?.slug)
  cards = page.data.listings.map((l) => ({
    slug: l.slug,
    title: `${String(l.type)} in ${String(l.city_name)}`,
    price: `€${String(l.rent)}`,
    thumb: (l.photos as Array<{ thumb_url: string }>)[0]?.thumb_url ?? '',
    country: l.country_name,
    term: l.term,
  }))
  const html = await (await fetch(`${base}/en/listings`)).text()
  // the largest script of every page (a module preload in the page's head)
  const asset = /"(\/assets\/framework-[^"]+\.js)"/.exec(html)?.[1] ?? '/logo.svg'
  rows.push(await measure('page /en/listings', `${base}/en/listings`))
  rows.push(await measure(`page /listing/{slug}`, `${base}/listing/${slug}`))
  // a signed-in reader gets the readers' copy of the page, with the listings they saved on it marked at
  // its end (docs/decisions/024-page-render-cache.md)
  const reader = await signIn(base, 3)
  rows.push(
    await measure("page /en/listings signed in (readers' copy)", `${base}/en/listings`, [
      { method: 'GET', path: '/en/listings', headers: { cookie: reader } },
    ]),
  )
  rows.push(
    await measure("page /listing/{slug} signed in (readers' copy)", `${base}/listing/${slug}`, [
      { method: 'GET', path: `/listing/${slug}`, headers: { cookie: reader } },
    ]),
  )
  const saver = await signIn(base, 4)
  await post(base, `/favorites/${String(page.data.listings[0]?.id)}`, saver, {})
  rows.push(
    await measure("page /en/listings signed in, one saved (readers' copy)", `${base}/en/listings`, [
      { method: 'GET', path: '/en/listings', headers: { cookie: saver } },
    ]),
  )
  rows.push(
    await measure("page /listing/{slug} signed in, saved (readers' copy)", `${base}/listing/${slug}`, [
      { method: 'GET', path: `/listing/${slug}`, headers: { cookie: saver } },
    ]),
  )
  // `npm run bench -- pages`: the pages and the reference alone (a before/after of the render)
  if (MODE !== 'pages') {
    searchRows = await benchSearch(base, measure)
    // the local provider reads the query, then the normal search runs: one credit per call (plenty granted)
    const searches = await aiSearchRequests(base, 200_000)
    rows.push(await measure('json POST /api/v1/ai/search (local, six languages)', base, searches))
    const photo = (page.data.listings[0]?.photos as Array<{ url: string }> | undefined)?.[0]?.url
    if (photo) rows.push(await measure('photo /api/telegramFile/{id} (large WebP)', `${base}${photo}`))
    rows.push(await measure('/healthz', `${base}/healthz`))
    rows.push(await measure(`static ${asset.slice(0, 28)}…`, `${base}${asset}`))
    // as a browser asks for it: the build's brotli copy (scripts/precompress.ts), never compressed per request
    rows.push(
      await measure(`static ${asset.slice(0, 28)}… (br)`, `${base}${asset}`, [
        { method: 'GET', path: asset, headers: { 'accept-encoding': 'gzip, deflate, br' } },
      ]),
    )
    printLighthouse(await runLighthouse(base, lighthousePages(slug)))
    printHydration(await runHydration([{ name: 'this', base }]))
    scripts = await scriptsInChromium(base, slug)
    // last against the product: 10,000 distinct searches, and its memory around them
    flooded = await benchFlood(base)
  }
} finally {
  await stop(server)
}

// 3. The bare reference, alone on the machine.
const reference = start(['--import', 'tsx', 'bench/reference.tsx'], {
  PORT: String(REF_PORT),
  BENCH_CARDS: JSON.stringify(cards),
})
let ref: Row
try {
  await waitFor(`http://127.0.0.1:${REF_PORT}/`, reference)
  ref = await measure('reference: React 20 cards, no router/data', `http://127.0.0.1:${REF_PORT}/`)
} finally {
  await stop(reference)
}

const pad = (s: string, n: number) => s.padEnd(n)
const num = (n: number, digits = 0) => n.toFixed(digits).padStart(9)
console.log(
  `\nbench: ${LISTINGS} listings, ${CONNECTIONS} connections, ${DURATION} s per target after ${WARMUP} s warm-up\n`,
)
console.log(
  `${pad('target', 52)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(9)}${'× ref'.padStart(9)}`,
)
for (const row of [...rows, ref]) {
  const ratio = row.name.startsWith('page') ? num(row.rps / ref.rps, 2) : ''.padStart(9)
  console.log(`${pad(row.name, 52)}${num(row.rps)}${num(row.p50)}${num(row.p99)}${num(row.errors)}${ratio}`)
}
if (MODE === 'pages') process.exit(0)
printSearch(searchRows, setting)
if (flooded) printFlood(flooded, setting)
printScripts(scripts)

// 4. Alerts: the time from a moderator's approval to the Web Push at the push service (docs/decisions/020-alerts-and-outbox.md).
printAlertsPush(await benchAlertsPush())
