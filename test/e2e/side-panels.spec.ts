import { expect, test, type Locator, type Page } from '@playwright/test'

// A laptop's short screen: the listings' filters (850–920 px) and a listing's summary (730–800 px) are
// taller than what is left below the sticky header. Stuck under it, neither may hide its own end.
const LAPTOP = { width: 1280, height: 720 }

/** The control can be brought into view where the reader is, without going to the page's end. */
async function expectReachable(page: Page, control: Locator, what: string) {
  await control.scrollIntoViewIfNeeded()
  await expect(control, `${what} is on the screen`).toBeInViewport({ ratio: 0.9 })
  const { scrollY, end } = await page.evaluate(() => ({
    scrollY: window.scrollY,
    end: document.documentElement.scrollHeight - window.innerHeight,
  }))
  expect(scrollY, `${what}: the page was not scrolled to its end to show it`).toBeLessThan(end / 2)
}

for (const prefix of ['', '/en'] as const) {
  test(`${prefix || '/fa'}: at 1280×720 the filters' buttons and a listing's last link can be reached`, async ({
    page,
  }) => {
    await page.setViewportSize(LAPTOP)
    await page.goto(`${prefix}/listings`)
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    await expectReachable(page, page.locator('form.filters-form button[type="submit"]'), 'the filters’ submit button')

    await page.locator('a.listing-card-link').first().click()
    await expect(page).toHaveURL(/\/listing\/[a-z0-9-]+$/)
    await expect(page.locator('.listing-summary')).toBeVisible()
    await expectReachable(
      page,
      page.locator('.listing-summary a, .listing-summary button').last(),
      'the summary’s last control',
    )
  })
}
