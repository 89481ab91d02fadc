import { expect, test, type Page } from '@playwright/test'
import { E2E_ADMIN_TELEGRAM_ID } from '../../playwright.config.ts'
import { write } from '../helpers/page-api.ts'
import { signedIn } from '../helpers/signed-in.ts'

// On a 360 px phone the dashboard's menu is a tab bar that scrolls sideways; nothing in it may widen
// the page (an unread count's hidden text once did, moving the whole page in Persian).
const PHONE = { width: 360, height: 740 }

/** Every page of the dashboard's menu, and the new listing form, checked for the document's width. */
async function expectNoPageWider(page: Page, prefix: '' | '/en', unread: boolean) {
  await page.goto(`${prefix}/dashboard`)
  const paths = await page
    .locator('.dashboard-nav a')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname))
  expect(paths.length).toBeGreaterThanOrEqual(9)
  for (const path of [...paths, `${prefix}/dashboard/listings/create`]) {
    await page.goto(path)
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    await expect(page.locator('.dashboard-nav .unread-badge')).toHaveCount(unread ? 1 : 0)
    const { width, scrollX } = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      scrollX: window.scrollX,
    }))
    expect(width, `${path} (unread: ${unread}): the document's width`).toBeLessThanOrEqual(PHONE.width)
    expect(scrollX, `${path}: the page is not moved`).toBe(0)
  }
}

test('at 360 px no dashboard page is wider than the screen, fa and en, with and without an unread notification', async ({
  browser,
}) => {
  const run = Date.now() % 100000
  const persian = await signedIn(browser, 880000 + run, '/dashboard', 'fa-IR')
  const english = await signedIn(browser, 881000 + run, '/en/dashboard', 'en-US')
  for (const page of [persian, english]) {
    await page.setViewportSize(PHONE)
    await write(page, 'POST', '/api/v1/alerts', { name: 'Berlin', filters: { city: 'berlin' } })
  }
  await expect(persian.locator('html')).toHaveAttribute('dir', 'rtl')
  await expectNoPageWider(persian, '', false)
  await expectNoPageWider(english, '/en', false)

  // a listing that matches both saved searches, approved: one unread notification each
  const owner = await signedIn(browser, 882000 + run, '/en/dashboard', 'en-US')
  const listing = await write(owner, 'POST', '/api/v1/listings', {
    type: 'apartment',
    country: 'DE',
    city: 'berlin',
    rent: 830,
    description: `A calm flat near the station, number ${run}, with a small balcony.`,
    contact: '+49 151 7654321',
  })
  const admin = await signedIn(browser, E2E_ADMIN_TELEGRAM_ID, '/en/dashboard', 'en-US')
  await write(admin, 'PUT', `/api/v1/admin/listings/${listing.id}/status`, { status: 'active' })
  await expect(persian.locator('.dashboard-nav .unread-badge')).toHaveText('۱', { timeout: 15_000 })

  await expectNoPageWider(persian, '', true)
  await expectNoPageWider(english, '/en', true)
})
