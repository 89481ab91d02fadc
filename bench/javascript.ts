// Script per public page, counted as browsers receive it (docs/decisions/040-script-budget-per-page.md):
// in Debian's Chromium, the sum of the script responses' encoded bodies (the build's brotli copies) of a
// first visit, until the network is idle; beside it what the build's manifest says the page loads.
// `npm run bench -- js` starts the product on a demo-seeded database (PORT, 3302 by default) and prints
// only this table; `npm run bench -- js http://127.0.0.1:3000` measures a server that is already running.
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { chromium, type Request } from 'playwright-core'
import { chromiumLaunchOptions } from '../scripts/chromium.ts'
import { localeInfo, localizePath, type LocaleCode } from '../shared/locales.ts'

/** The most script a public page may send a first visit: 105 KB (of 1,024 bytes) as received, brotli. */
export const SCRIPT_BUDGET_BYTES = 105 * 1024

/** The languages the bench visits each page in: the default (the heaviest catalogs) and English. */
export const BENCH_LOCALES: readonly LocaleCode[] = ['fa', 'en']

interface ManifestChunk {
  file: string
  imports?: string[]
}

export type Manifest = Record<string, ManifestChunk>

/** A public page: its address and the modules of its routes that load before hydration (client/routes.tsx). */
export interface PublicPage {
  name: string
  /** Its address in Persian (unprefixed); `{slug}` stands for a listing's. */
  address: string
  /** The lazy route modules the page matches (the default layout lives in the entry). */
  routes: string[]
}

export const PUBLIC_PAGES: PublicPage[] = [
  { name: 'home', address: '/', routes: ['client/features/home/home-page.tsx'] },
  { name: 'listings (and city pages)', address: '/listings', routes: ['client/features/listings/listings-page.tsx'] },
  { name: 'a listing', address: '/listing/{slug}', routes: ['client/features/listings/listing-page.tsx'] },
  { name: 'content (/about-us …)', address: '/about-us', routes: ['client/features/pages/content-page.tsx'] },
  { name: 'pricing', address: '/pricing', routes: ['client/features/pricing/pricing-page.tsx'] },
  { name: 'auth', address: '/auth', routes: ['client/features/auth/auth-page.tsx'] },
  { name: 'contact-us', address: '/contact-us', routes: ['client/features/contact-messages/contact-page.tsx'] },
]

const ENTRY = 'client/entry.client.tsx'

/** A public page's catalog group: its module's name (scripts/route-catalogs.ts). */
const pageGroup = (route: string) => path.posix.basename(route).replace(/\.[^.]+$/, '')

/**
 * The catalogs a public page loads (docs/decisions/025-catalogs-by-route-group.md): its language's shell
 * messages and its page's; or, in a build from before the split by page, the language's public messages,
 * or its whole catalog.
 */
function catalogKeys(manifest: Manifest, page: PublicPage, locale: LocaleCode): string[] {
  const whole = `locales/${locale}/messages.po`
  if (manifest[`${whole}?group=shell`])
    return [`${whole}?group=shell`, ...page.routes.map((route) => `${whole}?group=${pageGroup(route)}`)]
  if (manifest[`${whole}?group=public`]) return [`${whole}?group=public`]
  if (manifest[whole]) return [whole]
  throw new Error(`the manifest has no catalog for ${locale}`)
}

/** The files a first visit to a page in a language downloads before hydrating: the entry, the route modules, the catalogs, with their static imports. */
export function initialFiles(manifest: Manifest, page: PublicPage, locale: LocaleCode): string[] {
  const seen = new Set<string>()
  const add = (key: string) => {
    if (seen.has(key)) return
    const chunk = manifest[key]
    if (!chunk) throw new Error(`the manifest has no ${key}: build first (npm run build)`)
    seen.add(key)
    for (const dep of chunk.imports ?? []) add(dep)
  }
  for (const key of [ENTRY, ...page.routes, ...catalogKeys(manifest, page, locale)]) add(key)
  return [...seen].map((key) => manifest[key]!.file)
}

/** The bytes the gateway sends of a file in an encoding: the build's copy; null when it has none. */
export function sentSize(clientDir: string, file: string, encoding: 'gzip' | 'br'): number | null {
  const copy = path.join(clientDir, `${file}.${encoding === 'gzip' ? 'gz' : 'br'}`)
  return existsSync(copy) ? statSync(copy).size : null
}

/** A build's manifest (`dist/client` by default). */
export function readManifest(clientDir = 'dist/client'): Manifest {
  return JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest
}

/** What the build says a first visit to a page in a language loads: its files and their brotli copies' bytes. */
export function manifestScripts(
  clientDir: string,
  manifest: Manifest,
  page: PublicPage,
  locale: LocaleCode,
): { files: string[]; br: number } {
  const files = initialFiles(manifest, page, locale)
  const br = files.reduce((sum, file) => {
    const size = sentSize(clientDir, file, 'br')
    if (size === null) throw new Error(`${file} has no brotli copy: build with npm run build`)
    return sum + size
  }, 0)
  return { files, br }
}

export interface PageScripts {
  page: string
  locale: LocaleCode
  address: string
  /** The script responses of the first visit, by path, with their encoded bodies' bytes. */
  scripts: Map<string, number>
  /** Their sum. */
  bytes: number
}

/** Resolves once no request has been in flight for `quietMs`. */
async function networkIdle(inFlight: () => number, lastActivity: () => number, quietMs = 500) {
  for (;;) {
    if (inFlight() === 0 && Date.now() - lastActivity() >= quietMs) return
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** A first visit to `url` by a reader of `locale`: every script response until the page has hydrated and the network is idle. */
async function firstVisit(
  browser: import('playwright-core').Browser,
  url: string,
  locale: LocaleCode,
): Promise<Map<string, number>> {
  // a reader of the page's language: another language's is sent on to their own (client/features/layout/root.tsx)
  const context = await browser.newContext({ locale: localeInfo(locale).language })
  try {
    const page = await context.newPage()
    const scripts = new Map<string, number>()
    const waits: Promise<void>[] = []
    let inFlight = 0
    let last = Date.now()
    page.on('request', () => {
      inFlight++
      last = Date.now()
    })
    const done = (request: Request) => {
      inFlight--
      last = Date.now()
      if (request.resourceType() !== 'script') return
      waits.push(
        request.sizes().then(({ responseBodySize }) => {
          scripts.set(new URL(request.url()).pathname, responseBodySize)
        }),
      )
    }
    page.on('requestfinished', done)
    page.on('requestfailed', done)
    const answer = await page.goto(url)
    if (!answer?.ok()) throw new Error(`bench js: ${url} answered ${answer?.status()}`)
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 })
    await networkIdle(
      () => inFlight,
      () => last,
    )
    await Promise.all(waits)
    return scripts
  } finally {
    await context.close()
  }
}

/** Every public page in the bench's languages, each a first visit in a fresh browser context. */
export async function scriptsInChromium(base: string, slug: string): Promise<PageScripts[]> {
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })
  const rows: PageScripts[] = []
  try {
    for (const page of PUBLIC_PAGES)
      for (const locale of BENCH_LOCALES) {
        const address = localizePath(page.address.replace('{slug}', slug), locale)
        const scripts = await firstVisit(browser, `${base}${address}`, locale)
        const bytes = [...scripts.values()].reduce((sum, size) => sum + size, 0)
        rows.push({ page: page.name, locale, address, scripts, bytes })
      }
  } finally {
    await browser.close()
  }
  return rows
}

/** Prints KB (brotli, as received) and files per page and language, the build's figure beside it, and the verdict. */
export function printScripts(rows: PageScripts[], clientDir = 'dist/client'): void {
  const manifest = existsSync(path.join(clientDir, '.vite/manifest.json')) ? readManifest(clientDir) : null
  const kb = (n: number) => (n / 1024).toFixed(1)
  console.log(
    `\nscript per public page: a first visit in Chromium until the network is idle, KB as received (brotli), ` +
      `budget ${kb(SCRIPT_BUDGET_BYTES)} KB (docs/decisions/040-script-budget-per-page.md)`,
  )
  console.log(
    `${'page'.padEnd(28)}${'lang'.padEnd(6)}${'files'.padStart(6)}${'KB br'.padStart(8)}${'build'.padStart(8)}  verdict`,
  )
  for (const row of rows) {
    const page = PUBLIC_PAGES.find((p) => p.name === row.page)!
    const build = manifest ? kb(manifestScripts(clientDir, manifest, page, row.locale).br) : '—'
    const verdict = row.bytes <= SCRIPT_BUDGET_BYTES ? 'within' : `over by ${kb(row.bytes - SCRIPT_BUDGET_BYTES)}`
    console.log(
      `${row.page.padEnd(28)}${row.locale.padEnd(6)}${String(row.scripts.size).padStart(6)}${kb(row.bytes).padStart(8)}${build.padStart(8)}  ${verdict}`,
    )
  }
  const over = rows.filter((row) => row.bytes > SCRIPT_BUDGET_BYTES)
  console.log(
    over.length
      ? `over the budget: ${over.map((row) => row.address).join(', ')}`
      : `every public page is within the budget`,
  )
}
