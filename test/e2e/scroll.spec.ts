import { expect, test, type Page } from '@playwright/test'
import { E2E_BOT_TOKEN } from '../../playwright.config.ts'
import { ownClientAddress } from '../helpers/signed-in.ts'
import { signTelegramLogin } from '../helpers/telegram.ts'

/** The window's scroll position once the page has stopped moving (two frames alike). */
async function scrollY(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve))
    let last = -1
    while (last !== window.scrollY) {
      last = window.scrollY
      await frame()
      await frame()
    }
    return last
  })
}

/** The address after a client-side navigation has rendered its page (the router is idle again). */
async function arrived(page: Page, url: RegExp) {
  await expect(page).toHaveURL(url)
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
}

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ locale: 'en-US', viewport: { width, height: 800 } })

    test('a new page starts at its top, back returns to where the reader was, a hash link lands on its anchor', async ({
      page,
    }) => {
      await page.goto('/en/listings')
      await expect(page.locator('html[data-hydrated]')).toHaveCount(1)

      // "Next" at the foot of the results: page 2 opens at its top, not at its footer
      const next = page.locator('.pagination a[rel="next"]')
      await next.scrollIntoViewIfNeeded()
      expect(await scrollY(page)).toBeGreaterThan(500)
      await next.click()
      await arrived(page, /\/en\/listings\?page=2$/)
      await expect(page.locator('.pagination a[aria-current="page"]')).toHaveText('2')
      expect(await scrollY(page)).toBe(0)

      // a result halfway down: its page opens at the top
      const card = page.locator('.listing-card').nth(7)
      await card.scrollIntoViewIfNeeded()
      const listY = await scrollY(page)
      expect(listY).toBeGreaterThan(300)
      await card.locator('a.listing-card-link').click()
      await arrived(page, /\/en\/listing\/[a-z0-9-]+$/)
      await expect(page.locator('main h1')).toBeVisible()
      expect(await scrollY(page)).toBe(0)

      // back: the results where the reader left them
      await page.goBack()
      await arrived(page, /\/en\/listings\?page=2$/)
      await expect.poll(() => scrollY(page)).toBe(listY)

      // forward and back again keep each page's own place
      await page.goForward()
      await arrived(page, /\/en\/listing\/[a-z0-9-]+$/)
      await expect.poll(() => scrollY(page)).toBe(0)
      await page.goBack()
      await expect.poll(() => scrollY(page)).toBe(listY)

      // a footer link opens its page at the top, not at the bottom
      const about = page.locator('.site-footer').getByRole('link', { name: 'About' })
      await about.scrollIntoViewIfNeeded()
      await about.click()
      await arrived(page, /\/en\/about-us$/)
      expect(await scrollY(page)).toBe(0)

      // a link with a hash (an in-app link like any other, to the home page's safety section) lands on its anchor
      await page.evaluate(() => {
        const link = document.createElement('a')
        link.href = '/en#safety-title'
        link.dataset.appLink = ''
        link.textContent = 'Safety'
        link.id = 'hash-link'
        document.querySelector('.site-footer nav')!.append(link)
      })
      await page.locator('#hash-link').click()
      await arrived(page, /\/en#safety-title$/)
      expect(await scrollY(page)).toBeGreaterThan(0)
      await expect(page.locator('#safety-title')).toBeInViewport()
      // at the top of the window, unless the page ends before it could get there
      const placed = await page.locator('#safety-title').evaluate((el) => ({
        top: Math.round(el.getBoundingClientRect().top),
        atTheEnd: window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
      }))
      expect(placed.top === 0 || placed.atTheEnd, JSON.stringify(placed)).toBe(true)
    })
  })
}

/** The signed-in area's content pane: the element that scrolls there (the window does not). */
const paneTop = (page: Page) => page.locator('.dashboard-main').evaluate((pane) => Math.round(pane.scrollTop))

for (const width of [360, 1280]) {
  test.describe(`the signed-in area at ${width} px`, () => {
    test.use({ locale: 'en-US', viewport: { width, height: 800 } })

    test('a new page starts at the top of its pane, back returns to where the reader was', async ({ page }) => {
      await page.setExtraHTTPHeaders(ownClientAddress())
      const fields = signTelegramLogin(
        { id: 899000 + width + (Date.now() % 1000), first_name: 'Parisa', auth_date: Math.floor(Date.now() / 1000) },
        E2E_BOT_TOKEN,
      )
      await page.goto(`/en/auth?${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]))}`)
      await arrived(page, /\/en\/dashboard$/)
      // 25 saved listings: two pages of favourites
      const listings = (await (await page.request.get('/api/v1/listings?limit=25&language=en')).json()) as {
        data: { listings: Array<{ id: number }> }
      }
      const origin = new URL(page.url()).origin
      for (const { id } of listings.data.listings)
        expect((await page.request.post(`/api/v1/favorites/${id}`, { headers: { origin }, data: {} })).ok()).toBe(true)

      await page.goto('/en/dashboard/favorites')
      await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
      const next = page.locator('.pagination a[rel="next"]')
      await next.scrollIntoViewIfNeeded()
      const left = await paneTop(page)
      expect(left).toBeGreaterThan(500)
      await next.click()
      await arrived(page, /\/en\/dashboard\/favorites\?page=2$/)
      await expect(page.locator('.pagination a[aria-current="page"]')).toHaveText('2')
      await expect.poll(() => paneTop(page)).toBe(0)

      // back: the first page where the reader left it
      await page.goBack()
      await arrived(page, /\/en\/dashboard\/favorites$/)
      await expect.poll(() => paneTop(page)).toBe(left)

      // another section of the menu opens at its top
      await page.locator('.dashboard-nav').getByRole('link', { name: 'Profile' }).click()
      await arrived(page, /\/en\/dashboard\/profile$/)
      await expect.poll(() => paneTop(page)).toBe(0)
    })
  })
}
