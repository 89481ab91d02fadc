import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { expect, test, type Page } from '@playwright/test'
import { initialFiles, PUBLIC_PAGES, sentSize } from '../../bench/javascript.ts'
import type { LocaleCode } from '../../shared/locales.ts'

// `npm run bench -- js` counts the files the build's manifest says a first visit downloads before it
// hydrates (docs/decisions/025-catalogs-by-route-group.md). Here a real browser on a first visit must
// download exactly those scripts; what they weighed on the wire is printed beside the bench's figure.
const CLIENT_DIR = 'dist/client'
const manifest = JSON.parse(readFileSync(path.join(CLIENT_DIR, '.vite/manifest.json'), 'utf8')) as Parameters<
  typeof initialFiles
>[0]

/** The scripts the page downloaded until it hydrated, with their encoded (compressed) sizes. */
async function scriptsUntilHydrated(page: Page): Promise<Map<string, number>> {
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => [new URL(entry.name).pathname.slice(1), entry.encodedBodySize] as const),
  )
  return new Map(entries)
}

async function compare(page: Page, address: string, route: string, locale: LocaleCode) {
  await page.goto(address)
  const loaded = await scriptsUntilHydrated(page)
  const expected = initialFiles(
    manifest,
    PUBLIC_PAGES.find((p) => p.routes.includes(route))!,
    locale,
  )
  expect([...loaded.keys()].sort()).toEqual([...expected].sort())
  // the page names each of them: the entry as its script (React preloads it too), the rest preloaded (none waits for the entry)
  const preloaded = await page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname.slice(1)))
  expect([...new Set([manifest['client/entry.client.tsx']!.file, ...preloaded])].sort()).toEqual([...expected].sort())
  const gzipped = expected.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(CLIENT_DIR, file)), { level: 9 }).length,
    0,
  )
  const sent = (encoding: 'gzip' | 'br') =>
    expected.reduce((sum, file) => sum + sentSize(CLIENT_DIR, file, encoding)!, 0)
  const wire = [...loaded.values()].reduce((sum, bytes) => sum + bytes, 0)
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
  console.log(
    `${address}: ${expected.length} scripts, manifest ${kb(gzipped)} gzip -9, build's copies ${kb(sent('gzip'))} gzip ` +
      `and ${kb(sent('br'))} brotli, browser ${kb(wire)} on the wire`,
  )
  // the browser asks for brotli, and is sent the build's copies as they are (scripts/precompress.ts)
  expect(wire).toBe(sent('br'))
}

test('a first visit to /en/listings downloads the scripts the bench counts, and no other', async ({ page }) => {
  await compare(page, '/en/listings', 'client/features/listings/listings-page.tsx', 'en')
  // save-search names the filters with a chunk of their own, loaded by the first save
  const listingsPage = PUBLIC_PAGES.find((p) => p.routes.includes('client/features/listings/listings-page.tsx'))!
  const chunks = Object.values(manifest as Record<string, { file: string; name?: string }>)
  const filters = chunks.find((chunk) => chunk.name === 'alert-filters')
  expect(filters).toBeDefined()
  expect(initialFiles(manifest, listingsPage, 'en')).not.toContain(filters!.file)
})

test('a first visit to a listing page downloads the scripts the bench counts, and no other', async ({ page }) => {
  // the address of a listing, from the search, outside the browser whose first visit is measured
  const answer = await page.request.get('/api/v1/listings?language=en&limit=1')
  const { data } = (await answer.json()) as { data: { listings: { slug: string }[] } }
  await compare(page, `/en/listing/${data.listings[0]!.slug}`, 'client/features/listings/listing-page.tsx', 'en')
  // the report dialog's form and the AI analysis's result are chunks of their own, loaded when asked for
  const listingPage = PUBLIC_PAGES.find((p) => p.routes.includes('client/features/listings/listing-page.tsx'))!
  const initial = initialFiles(manifest, listingPage, 'en')
  for (const onDemand of [
    'client/features/listings/report-form.tsx',
    'client/features/ai-analysis/analysis-result.tsx',
  ])
    expect(initial).not.toContain(manifest[onDemand]!.file)
})

test.describe('in Persian', () => {
  // a browser in another language would be sent on to its own (client/features/layout/root.tsx)
  test.use({ locale: 'fa-IR' })

  test('a first visit to the Persian home downloads the scripts the bench counts, and no other', async ({ page }) => {
    await compare(page, '/', 'client/features/home/home-page.tsx', 'fa')
  })
})
