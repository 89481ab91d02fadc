import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

// docs/decisions/026-images-fonts-and-lcp.md): nothing on the public pages moves while
// Vazirmatn and the photos arrive late, the photo a phone shows largest is preloaded at the size shown,
// and cards never fetch a photo's large variant.

const LANGUAGES = [
  { code: 'fa', prefix: '', locale: 'fa-IR' },
  { code: 'en', prefix: '/en', locale: 'en-US' },
] as const
const WIDTHS = [360, 1280]
const LATE_MS = 1500

async function firstListingPath(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/v1/listings?limit=1')
  expect(res.ok()).toBe(true)
  return `/listing/${(await res.json()).data.listings[0].slug}`
}

/** The page's cumulative layout shift (what the browser counts as unexpected: no recent input), from the first paint on. */
async function layoutShiftWhileLate(page: Page, path: string): Promise<number> {
  await page.route(/\.woff2$|\/api\/telegramFile\//, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, LATE_MS))
    await route.continue()
  })
  await page.addInitScript(() => {
    const shifts = { total: 0 }
    Object.assign(window, { khanehShifts: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) shifts.total += entry.value
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await page.goto(path, { waitUntil: 'commit' })
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  // every font the page asked for, and every photo in the first screenful, has arrived
  await page.waitForFunction(async () => {
    await document.fonts.ready
    return [...document.images].every((img) => img.loading === 'lazy' || img.complete)
  })
  await page.waitForTimeout(300)
  return page.evaluate(() => (window as unknown as { khanehShifts: { total: number } }).khanehShifts.total)
}

for (const language of LANGUAGES) {
  test.describe(`${language.code}`, () => {
    test.use({ locale: language.locale })

    for (const width of WIDTHS) {
      test(`home, listings and a listing page do not move while the font and photos arrive (${width} px)`, async ({
        page,
        request,
      }) => {
        await page.setViewportSize({ width, height: 800 })
        const listing = await firstListingPath(request)
        for (const path of ['/', '/listings', listing]) {
          const shift = await layoutShiftWhileLate(page, `${language.prefix}${path}`.replace(/(.)\/$/, '$1'))
          expect(shift, `layout shift of ${language.prefix}${path} at ${width} px`).toBeLessThan(0.005)
          await page.unrouteAll({ behavior: 'wait' })
        }
      })
    }

    test('the largest photo on a phone is preloaded at the size shown; cards fetch only small photos', async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width: 360, height: 800 })
      const photos: string[] = []
      page.on('request', (r) => {
        if (r.url().includes('/api/telegramFile/')) photos.push(new URL(r.url()).pathname)
      })
      for (const path of ['/', '/listings']) {
        await page.goto(`${language.prefix}${path}`.replace(/(.)\/$/, '$1'))
        await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
        const firstCard = page.locator('article.listing-card img').first()
        const thumb = await firstCard.getAttribute('src')
        await expect(page.locator(`head link[rel="preload"][as="image"][fetchpriority="high"]`)).toHaveAttribute(
          'href',
          thumb!,
        )
        // the large variants of the cards shown, from the page's own data
        const large = await page.evaluate(() =>
          JSON.stringify(
            (window as unknown as { __staticRouterHydrationData: unknown }).__staticRouterHydrationData,
          ).match(/"url":"[^"]+"/g),
        )
        for (const url of large ?? []) expect(photos, `${path} fetched no large photo`).not.toContain(url.slice(7, -1))
      }

      await page.goto(`${language.prefix}${await firstListingPath(request)}`)
      await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
      const main = page.locator('.gallery-main img')
      const preload = page.locator('head link[rel="preload"][as="image"][fetchpriority="high"]')
      await expect(preload).toHaveAttribute('imagesrcset', (await main.getAttribute('srcset'))!)
      await expect(preload).toHaveAttribute('imagesizes', (await main.getAttribute('sizes'))!)
      // 328 px of photo on a 360 px phone at one device pixel per CSS pixel: the 480 px variant
      expect(await main.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe(
        new URL((await main.getAttribute('srcset'))!.split(' ')[0]!, page.url()).pathname,
      )
      const font = page.locator('head link[rel="preload"][as="font"]')
      await expect(font).toHaveCount(language.code === 'fa' ? 1 : 0)
    })
  })
}
