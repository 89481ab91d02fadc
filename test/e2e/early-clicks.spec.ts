import { expect, test } from '@playwright/test'
import { signedIn } from '../helpers/signed-in.ts'

// A click that comes before the app's scripts have run is kept by the page's inline script and
// replayed once the page hydrates (client/lib/early-clicks.ts); a search form sent with GET is left to
// the browser, which needs no script for it.
test('a heart tapped while the scripts load saves the listing once the page has hydrated', async ({ browser }) => {
  const page = await signedIn(browser, 951000 + (Date.now() % 1000), '/en/listings', 'en-US')
  // the app's entry waits until the heart has been tapped
  let release!: () => void
  const tapped = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
    await tapped
    await route.continue()
  })
  await page.goto('/en/listings', { waitUntil: 'commit' })
  const card = page.locator('.listing-card').first()
  const heart = card.locator('button.favorite-toggle')
  await expect(heart).toHaveAccessibleName('Save to favorites')
  await heart.click()
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0)
  await expect(heart).toHaveAttribute('data-early-click', '')
  release()
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await expect(heart).toHaveAttribute('aria-pressed', 'true')
  await expect(heart).toHaveAccessibleName('Remove from favorites')
  await expect(page.locator('[data-early-click]')).toHaveCount(0)
  // saved for real: the next page says so from the server
  await page.unrouteAll()
  await page.reload()
  await expect(
    page.locator('.listing-card').first().getByRole('button', { name: 'Remove from favorites' }),
  ).toHaveAttribute('aria-pressed', 'true')
  await page.context().close()
})

test('a search sent before the scripts run is sent by the browser itself', async ({ page }) => {
  await page.route(/\/assets\/entry\.client-[^/]+\.js$/, (route) => route.abort())
  await page.goto('/en/listings', { waitUntil: 'commit' })
  const form = page
    .locator('form[method="get"]')
    .filter({ has: page.locator('button[type="submit"]') })
    .first()
  await form.locator('button[type="submit"]').click()
  await page.waitForURL(/\/en\/listings\?/)
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0)
})
