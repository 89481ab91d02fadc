import { expect, test } from '@playwright/test'

// Build freshness (docs/decisions/043-build-freshness.md): an hour after the page loaded it asks /builds/latest.json; a newer build
// there makes the next navigation a full page load. The newer build is simulated on the wire.
test.use({ locale: 'en-US' })

test('a newer build turns the next navigation into a full page load', async ({ page }) => {
  await page.clock.install()
  let asked = 0
  await page.route('**/builds/latest.json', async (route) => {
    asked += 1
    await route.fulfill({ json: { id: '29991231235959-newer', built_at: '2999-12-31T23:59:59.000Z' } })
  })
  await page.goto('/en/safety-guide')
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await page.evaluate(() => Object.assign(window, { khanehSameDocument: true }))

  // no question before the hour is up
  await page.clock.fastForward('30:00')
  expect(asked).toBe(0)
  await page.clock.fastForward('30:01')
  await expect.poll(() => asked).toBe(1)

  const reloaded = page.waitForEvent('load')
  await page.locator('footer').getByRole('link', { name: 'FAQ', exact: true }).click()
  await reloaded
  await expect(page).toHaveURL(/\/en\/faq$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions')
  expect(await page.evaluate(() => 'khanehSameDocument' in window)).toBe(false)
})

test('the same build keeps navigation inside the page', async ({ page }) => {
  await page.clock.install()
  let asked = 0
  page.on('request', (request) => {
    if (request.url().endsWith('/builds/latest.json')) asked += 1
  })
  await page.goto('/en/safety-guide')
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await page.evaluate(() => Object.assign(window, { khanehSameDocument: true }))
  await page.clock.fastForward('01:00:01')
  await expect.poll(() => asked).toBe(1)
  await page.locator('footer').getByRole('link', { name: 'FAQ', exact: true }).click()
  await expect(page).toHaveURL(/\/en\/faq$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions')
  expect(await page.evaluate(() => 'khanehSameDocument' in window)).toBe(true)
})
