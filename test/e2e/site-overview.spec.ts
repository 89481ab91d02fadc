import { expect, test, type Page } from '@playwright/test'
import { E2E_ADMIN_TELEGRAM_ID } from '../../playwright.config.ts'
import { signedIn } from '../helpers/signed-in.ts'

// The admins' site overview (docs/decisions/023-site-overview-charts.md): uPlot charts on a canvas, loaded on this page only, beside the tables.
const chartChunk = /\/assets\/daily-chart-plot-[\w-]+\.(js|css)$/

/** Loads the page, counting the requests for the chart chunk. */
async function open(page: Page, path: string): Promise<string[]> {
  const chunks: string[] = []
  page.on('request', (request) => {
    if (chartChunk.test(new URL(request.url()).pathname)) chunks.push(request.url())
  })
  const response = await page.goto(path)
  expect(response?.status()).toBe(200)
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  return chunks
}

/** Hovers a chart's plotting area a few pixels from its left or right edge; returns the legend's day. */
async function dayAt(page: Page, chart: RegExp, edge: 'left' | 'right'): Promise<string> {
  const figure = page.locator('.stats-chart').filter({ has: page.getByRole('img', { name: chart }) })
  const over = figure.locator('.u-over')
  const box = (await over.boundingBox())!
  await over.hover({ position: { x: edge === 'left' ? 3 : box.width - 3, y: box.height / 2 } })
  return (await figure.locator('.stats-legend-day').textContent()) ?? ''
}

async function expectChartsDrawn(page: Page, names: RegExp[]) {
  for (const name of names) {
    const chart = page.getByRole('img', { name })
    await expect(chart).toHaveCSS('height', '200px')
    await expect(chart.locator('canvas')).toHaveCount(1)
  }
  // every daily chart of the page, the revenue one too when there were sales
  const boxes = page.locator('.stats-chart-box')
  await expect(page.locator('.stats-chart-box canvas')).toHaveCount(await boxes.count())
}

test('the site overview: charts drawn with uPlot beside the tables in en and fa, time right to left in fa', async ({
  browser,
}) => {
  const en = await signedIn(browser, E2E_ADMIN_TELEGRAM_ID, '/en/dashboard', 'en-US')
  const enChunks = await open(en, '/en/dashboard/site-overview')
  await expect(en.getByRole('heading', { level: 1 })).toHaveText('Site overview')
  await expectChartsDrawn(en, [
    /^Sign-ups per day: /,
    /^Accounts at the end of each day: /,
    /^AI calls per day: /,
    /^Alerts delivered per day: /,
  ])
  expect(enChunks.some((url) => url.endsWith('.js'))).toBe(true)
  expect(enChunks.some((url) => url.endsWith('.css'))).toBe(true)

  // the numbers, in a table behind a disclosure
  const users = en.getByRole('region', { name: 'Users and sign-ups' })
  await users.getByText('Show the numbers').click()
  const table = users.getByRole('table', { name: 'Sign-ups and accounts per day' })
  await expect(table.getByRole('row')).toHaveCount(31)
  const oldest = (await table.getByRole('rowheader').first().textContent()) ?? ''
  const newest = (await table.getByRole('rowheader').last().textContent()) ?? ''
  // left to right: the oldest day at the left
  expect(await dayAt(en, /^Sign-ups per day/, 'left')).toBe(oldest)
  expect(await dayAt(en, /^Sign-ups per day/, 'right')).toBe(newest)

  // the chart follows its container: narrower on a phone-sized window
  const plot = en.getByRole('img', { name: /^Sign-ups per day/ }).locator('.u-over')
  const wide = (await plot.boundingBox())!.width
  await en.setViewportSize({ width: 360, height: 800 })
  await expect.poll(async () => (await plot.boundingBox())!.width).toBeLessThan(Math.min(wide, 340))
  expect(await dayAt(en, /^Sign-ups per day/, 'right')).toBe(newest)

  const fa = await signedIn(browser, E2E_ADMIN_TELEGRAM_ID, '/dashboard', 'fa-IR')
  await open(fa, '/dashboard/site-overview')
  await expect(fa.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(fa.getByRole('heading', { level: 1 })).toHaveText('نمای کلی سایت')
  await expectChartsDrawn(fa, [/^ثبت‌نام‌ها در هر روز/, /^درخواست‌های هوش مصنوعی در هر روز/])
  const faUsers = fa.locator('.stats-section').first()
  await faUsers.getByText('نمایش اعداد').click()
  const faRows = faUsers.getByRole('table').getByRole('rowheader')
  const faOldest = (await faRows.first().textContent()) ?? ''
  const faNewest = (await faRows.last().textContent()) ?? ''
  expect(faOldest).toMatch(/[۰-۹]/)
  // right to left: the oldest day at the right, the newest at the left, in Persian digits
  expect(await dayAt(fa, /^ثبت‌نام‌ها در هر روز/, 'right')).toBe(faOldest)
  expect(await dayAt(fa, /^ثبت‌نام‌ها در هر روز/, 'left')).toBe(faNewest)
})

test('the site overview is no page for a reader, and public pages never load the chart library', async ({
  browser,
}) => {
  const reader = await signedIn(browser, 880500 + (Date.now() % 1000), '/en/dashboard', 'en-US')
  const chunks = await open(reader, '/en/')
  await reader.goto('/en/listings')
  await expect(reader.locator('html[data-hydrated]')).toHaveCount(1)
  expect(chunks).toEqual([])

  const response = await reader.goto('/en/dashboard/site-overview')
  expect(response?.status()).toBe(404)
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
  await expect(reader.locator('canvas')).toHaveCount(0)
})
