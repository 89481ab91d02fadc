// A phone's first visit, measured in Debian's Chromium with DevTools throttling (docs/decisions/039-bootstrap.md):
// slow 4G (150 ms round trip, 1.6 Mbps down, 750 kbps up), a 4× slower CPU, a 360 px wide screen; home,
// listings and a listing in Persian and English. For each page: when it has hydrated (html[data-hydrated]),
// its largest contentful paint, and the input delay of a tap right after the load event (the first input's
// processing start − its time stamp, Event Timing). BENCH_HYDRATION_RUNS (default 7) runs per page and build,
// alternating when two builds are compared; medians printed. `npm run bench` runs it on the bench server;
// `npm run bench -- hydration [commit]` runs it alone on demo-seeded servers, `commit`'s build beside this one.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs'
import path from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { chromiumLaunchOptions } from '../scripts/chromium.ts'
import { localeFromPath, localeInfo } from '../shared/locales.ts'
import { startDemoServer, type DemoServer } from './demo-server.ts'
import { firstListingSlug, lighthousePages } from './lighthouse.ts'

/** DevTools' "Slow 4G" as the issue states it, in bytes per second. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 }
const CPU_SLOWDOWN = 4
const VIEWPORT = { width: 360, height: 740 }

interface Visit {
  hydratedMs: number
  lcpMs: number
  inputDelayMs: number
}

export interface HydrationRow {
  build: string
  page: string
  runs: number
  hydratedMs: number
  lcpMs: number
  inputDelayMs: number
}

const hydrationRuns = () => Number(process.env.BENCH_HYDRATION_RUNS ?? 7)

// what the page reports, watched from before its first byte; the same for every build compared (it reads
// the data-hydrated attribute every build since the journeys began sets, not a newer mark)
const WATCH = `(() => {
  const seen = (window.__bench = { hydrated: NaN, lcp: NaN, inputDelay: NaN })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.lcp = entry.startTime
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  new PerformanceObserver((list) => {
    const first = list.getEntries()[0]
    if (first) seen.inputDelay = first.processingStart - first.startTime
  }).observe({ type: 'first-input', buffered: true })
  new MutationObserver((_, observer) => {
    if (!document.documentElement.hasAttribute('data-hydrated')) return
    seen.hydrated = performance.now()
    observer.disconnect()
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] })
})()`

async function visit(browser: Browser, url: string): Promise<Visit> {
  const language = localeInfo(localeFromPath(new URL(url).pathname)).language
  // a first visit by a reader of the page's language: no cache, no cookie, nothing to redirect
  const context = await browser.newContext({ viewport: VIEWPORT, locale: language, userAgent: CHROME })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', NETWORK)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    await page.addInitScript(WATCH)
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 })
    // a tap right after the load event on the language menu, a native control every page has
    await page.locator('.lang-switcher summary').first().click({ timeout: 10_000 })
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), null, {
      timeout: 60_000,
    })
    // (the largest paint is final once the page has had input)
    const seen = await page.evaluate(
      () => (window as unknown as { __bench: { hydrated: number; lcp: number; inputDelay: number } }).__bench,
    )
    return { hydratedMs: seen.hydrated, lcpMs: seen.lcp, inputDelayMs: seen.inputDelay }
  } finally {
    await context.close()
  }
}

/** A person's Chrome: the site serves crawlers (Playwright's HeadlessChrome among them) the whole document at once. */
const CHROME =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36'

const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b)
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : NaN
}

/** Each build's pages (same order, their own listing's slug), run alternately: one build after the other per round. */
export async function runHydration(builds: Array<{ name: string; base: string }>): Promise<HydrationRow[]> {
  const runs = hydrationRuns()
  const pages = await Promise.all(builds.map(async (b) => lighthousePages(await firstListingSlug(b.base))))
  const browser = await chromium.launch(chromiumLaunchOptions)
  const rows: HydrationRow[] = []
  try {
    for (let p = 0; p < pages[0]!.length; p++) {
      const visits: Visit[][] = builds.map(() => [])
      // the first visit renders into the render cache (docs/decisions/024-page-render-cache.md): measure what visitors get
      for (const [b, build] of builds.entries()) await (await fetch(`${build.base}${pages[b]![p]}`)).arrayBuffer()
      for (let i = 0; i < runs; i++) {
        // each round in the other order, so neither build always goes first
        const order = builds.map((_, b) => (i % 2 === 0 ? b : builds.length - 1 - b))
        for (const b of order) visits[b]!.push(await visit(browser, `${builds[b]!.base}${pages[b]![p]}`))
      }
      for (const [b, build] of builds.entries()) {
        rows.push({
          build: build.name,
          page: pages[0]![p]!.replace(/\/listing\/.*/, '/listing/…'),
          runs: visits[b]!.length,
          hydratedMs: median(visits[b]!.map((v) => v.hydratedMs)),
          lcpMs: median(visits[b]!.map((v) => v.lcpMs)),
          inputDelayMs: median(visits[b]!.map((v) => v.inputDelayMs)),
        })
      }
    }
  } finally {
    await browser.close()
  }
  return rows
}

export function printHydration(rows: HydrationRow[]) {
  const cell = (s: string | number, n = 12) => String(s).padStart(n)
  const runs = rows[0]?.runs ?? 0
  console.log(
    `\nA phone's first visit in Chromium (${chromiumLaunchOptions.executablePath}): DevTools throttling, 150 ms RTT, ` +
      `1.6/0.75 Mbps, ${CPU_SLOWDOWN}× CPU, ${VIEWPORT.width} px; medians of ${runs} runs per page and build, builds alternating\n`,
  )
  console.log(`${'page'.padEnd(20)}${'build'.padEnd(12)}${cell('hydrated ms')}${cell('LCP ms')}${cell('input ms')}`)
  for (const r of rows)
    console.log(
      `${r.page.padEnd(20)}${r.build.padEnd(12)}${cell(Math.round(r.hydratedMs))}${cell(Math.round(r.lcpMs))}${cell(r.inputDelayMs.toFixed(1))}`,
    )
  const builds = [...new Set(rows.map((r) => r.build))]
  if (builds.length !== 2) return
  const [before, after] = builds
  console.log(`\n${after} against ${before}:`)
  for (const r of rows.filter((x) => x.build === after)) {
    const b = rows.find((x) => x.build === before && x.page === r.page)!
    const pct = (a: number, z: number) => `${(((a - z) / z) * 100).toFixed(0)} %`.padStart(7)
    console.log(
      `${r.page.padEnd(20)} hydrated ${pct(r.hydratedMs, b.hydratedMs)}   LCP ${pct(r.lcpMs, b.lcpMs)}   input ${(r.inputDelayMs - b.inputDelayMs).toFixed(1)} ms`,
    )
  }
}

/** The tree of `commit` in a folder of its own, built once, with this checkout's node_modules. */
function buildOf(commit: string): string {
  const dir = path.join('/tmp', `khaneh-bench-${commit}`)
  if (existsSync(path.join(dir, 'dist/server/entry.server.js'))) return dir
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const archive = spawnSync('sh', ['-c', `git archive ${commit} | tar -x -C ${dir}`], { stdio: 'inherit' })
  if (archive.status !== 0) throw new Error(`hydration: could not unpack ${commit}`)
  symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'))
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: dir, stdio: 'inherit' })
  if (built.status !== 0) throw new Error(`hydration: the build of ${commit} failed`)
  return dir
}

/**
 * `npm run bench -- hydration [commit]`: this checkout on PORT (3301), and with a commit, that commit's build
 * (unpacked and built under /tmp) on PORT + 1, each demo-seeded in a data folder of its own.
 */
export async function benchHydrationAlone(commit?: string) {
  const port = Number(process.env.PORT ?? 3301)
  const builds = [{ name: 'this', cwd: process.cwd(), port }]
  if (commit) builds.unshift({ name: commit.slice(0, 7), cwd: buildOf(commit), port: port + 1 })
  const servers: DemoServer[] = []
  try {
    for (const b of builds)
      servers.push(await startDemoServer(b.cwd, b.port, path.resolve(`.bench-data/hydration-${b.name}`)))
    printHydration(await runHydration(builds.map((b, i) => ({ name: b.name, base: servers[i]!.base }))))
  } finally {
    for (const server of servers) await server.stop()
  }
}
