import { expect, test } from '@playwright/test'

test.describe('a German browser', () => {
  test.use({ locale: 'de-DE' })

  test('is sent to the German page 500 ms after landing on a Persian one, query and hash kept', async ({ page }) => {
    await page.goto('/listings?city=berlin#results')
    await expect(page).toHaveURL(/\/de\/listings\?city=berlin#results$/, { timeout: 5_000 })
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  })

  test('is never redirected on /auth/ paths', async ({ page }) => {
    await page.goto('/auth/action?mode=verifyEmail')
    await page.waitForTimeout(1_200)
    expect(new URL(page.url()).pathname).toBe('/auth/action')
  })

  test('keeps a language chosen by hand for the rest of the session', async ({ page }) => {
    await page.goto('/de/listings')
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    await page.locator('.lang-switcher summary').click()
    await page.getByRole('link', { name: 'فارسی' }).click()
    // '/de/listings' also ends in /listings: wait for the Persian address itself
    await page.waitForURL((url) => url.pathname === '/listings')
    await page.reload()
    await page.waitForTimeout(1_200)
    expect(new URL(page.url()).pathname).toBe('/listings')
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  })
})
