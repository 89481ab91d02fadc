// Lighthouse mobile (its default: a Moto G class phone, simulated slow 4G and a 4× slower CPU) on the
// public pages in fa and en, in Debian's Chromium (docs/decisions/026-images-fonts-and-lcp.md). `npm run bench` runs it on the
// bench server; `npm run bench -- lighthouse` runs only this, on a small demo-seeded server.
// Each page is audited three times (BENCH_LIGHTHOUSE_RUNS=n) and its median run by performance printed:
// one run swings with the machine's load. BENCH_LIGHTHOUSE_REPORTS=dir keeps the JSON reports.
import { mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromiumLaunchOptions } from '../scripts/chromium.ts'
import { withDemoServer } from './demo-server.ts'
import { localeFromPath, localeInfo } from '../shared/locales.ts'

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const

export interface LighthouseRow {
  page: string
  scores: Record<(typeof CATEGORIES)[number], number>
  lcpMs: number
  cls: number
  tbtMs: number
  /** Audits below full marks outside performance's metrics, and performance's failed opportunities. */
  findings: string[]
}

/** The pages the goal names: home, listings and a listing, Persian (unprefixed) and English. */
export function lighthousePages(slug: string): string[] {
  return ['/', '/listings', `/listing/${slug}`, '/en', '/en/listings', `/en/listing/${slug}`]
}

/** The slug of the first listing the default search shows, the page a visitor most likely opens. */
export async function firstListingSlug(base: string): Promise<string> {
  const answer = (await (await fetch(`${base}/api/v1/listings?limit=1`)).json()) as {
    data: { listings: Array<{ slug: string }> }
  }
  const slug = answer.data.listings[0]?.slug
  if (!slug) throw new Error('lighthouse: the server has no listing')
  return slug
}

/** Lighthouse now and then misses the page's navigation start on a busy machine (NO_NAVSTART): that run is tried again. */
async function audited(url: string, flags: Parameters<typeof lighthouse>[1], attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags)
    if (!result) throw new Error(`lighthouse: no result for ${url}`)
    const { lhr } = result
    if (lhr.runtimeError?.code === 'NO_NAVSTART' && attempt < attempts) continue
    if (lhr.runtimeError) throw new Error(`lighthouse: ${url}: ${lhr.runtimeError.message}`)
    return lhr
  }
}

const lighthouseRuns = () => Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)

export async function runLighthouse(base: string, pages: string[]): Promise<LighthouseRow[]> {
  const runs = lighthouseRuns()
  const reports = process.env.BENCH_LIGHTHOUSE_REPORTS
  if (reports) mkdirSync(reports, { recursive: true })
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumLaunchOptions.executablePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
    logLevel: 'silent',
  })
  const rows: LighthouseRow[] = []
  try {
    for (const page of pages) {
      // the first visit renders into the render cache (docs/decisions/024-page-render-cache.md); measure what visitors get
      await (await fetch(`${base}${page}`)).arrayBuffer()
      const results: LighthouseRow[] = []
      for (let i = 0; i < runs; i++) {
        const lhr = await audited(`${base}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          // a first visit (no language cookie kept from the run before) by a reader of the page's language:
          // another language's reader is sent on to their own after 500 ms (client/features/layout/root.tsx)
          clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'cookies'],
          extraHeaders: { 'Accept-Language': localeInfo(localeFromPath(page)).language },
        })
        if (reports) {
          const name = `${page.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${i + 1}.json`
          writeFileSync(path.join(reports, name), JSON.stringify(lhr))
        }
        const audit = (id: string) => lhr.audits[id]
        const findings = new Set<string>()
        for (const category of CATEGORIES) {
          for (const ref of lhr.categories[category]?.auditRefs ?? []) {
            const a = audit(ref.id)
            if (!a || a.score === null || a.score >= 1) continue
            if (category === 'performance' && ref.group === 'metrics') continue
            if (ref.weight > 0 || (category === 'performance' && a.score < 0.9)) findings.add(`${ref.id} ${a.score}`)
          }
        }
        results.push({
          page,
          scores: Object.fromEntries(
            CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
          ) as LighthouseRow['scores'],
          lcpMs: audit('largest-contentful-paint')?.numericValue ?? NaN,
          cls: audit('cumulative-layout-shift')?.numericValue ?? NaN,
          tbtMs: audit('total-blocking-time')?.numericValue ?? NaN,
          findings: [...findings],
        })
      }
      results.sort((a, b) => a.scores.performance - b.scores.performance)
      rows.push(results[Math.floor(results.length / 2)]!)
    }
  } finally {
    chrome.kill()
  }
  return rows
}

export function printLighthouse(rows: LighthouseRow[]) {
  const cell = (s: string | number, n = 8) => String(s).padStart(n)
  console.log(
    `\nLighthouse ${lighthouseVersion()} mobile (simulated throttling), Chromium at ${chromiumLaunchOptions.executablePath}, each page's median of ${lighthouseRuns()} runs\n`,
  )
  console.log(
    `${'page'.padEnd(40)}${cell('perf')}${cell('a11y')}${cell('b.p.')}${cell('SEO')}${cell('LCP ms')}${cell('CLS')}${cell('TBT ms')}`,
  )
  for (const r of rows) {
    const name = r.page.length > 39 ? `${r.page.slice(0, 38)}…` : r.page
    console.log(
      `${name.padEnd(40)}${cell(r.scores.performance)}${cell(r.scores.accessibility)}${cell(r.scores['best-practices'])}${cell(r.scores.seo)}${cell(Math.round(r.lcpMs))}${cell(r.cls.toFixed(3))}${cell(Math.round(r.tbtMs))}`,
    )
  }
  for (const r of rows) if (r.findings.length) console.log(`  ${r.page}: ${r.findings.join(', ')}`)
}

function lighthouseVersion(): string {
  return (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version
}

/**
 * `npm run bench -- lighthouse`: the product as `npm start` runs it (built first when the sources
 * changed) on PORT (3301) with the demo seed in .bench-data/lighthouse, or on BENCH_DATA_DIR.
 * `npm run bench -- lighthouse http://127.0.0.1:3000`: a server that is already running.
 */
export async function benchLighthouseAlone(running?: string) {
  if (running) {
    printLighthouse(await runLighthouse(running, lighthousePages(await firstListingSlug(running))))
    return
  }
  const port = Number(process.env.PORT ?? 3301)
  await withDemoServer(port, process.env.BENCH_DATA_DIR ?? '.bench-data/lighthouse', async (base) =>
    printLighthouse(await runLighthouse(base, lighthousePages(await firstListingSlug(base)))),
  )
}
