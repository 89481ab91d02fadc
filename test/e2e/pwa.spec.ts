import { expect, test } from '@playwright/test'

test.use({ locale: 'en-US' })

test('installable by Chromium’s own criteria, with the manifest of the page’s language', async ({ page }) => {
  await page.goto('/en')
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  const manifest = await page.evaluate(async () => {
    const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href
    return (await fetch(href)).json()
  })
  expect(manifest).toMatchObject({ lang: 'en-US', dir: 'ltr', start_url: '/en', display: 'standalone' })
  const cdp = await page.context().newCDPSession(page)
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
  // Playwright's browser contexts are incognito, where Chromium never offers an install: every other criterion holds
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([])
})

test('a route chunk a deploy removed reloads the page once, never in a loop', async ({ page }) => {
  let loads = 0
  page.on('load', () => (loads += 1))
  await page.route(/\/assets\/pricing-page-[\w-]+\.js$/, (route) =>
    route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }),
  )
  await page.goto('/en/faq')
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  expect(loads).toBe(1)
  await page.locator('header').getByRole('link', { name: 'Pricing' }).first().click()
  await expect.poll(() => loads).toBe(2)
  await expect(page).toHaveURL(/\/en\/pricing$/)
  // the reloaded page's chunk is still missing: the 10-second marker holds it at one reload
  await page.waitForTimeout(3_000)
  expect(loads).toBe(2)
  expect(await page.evaluate(() => sessionStorage.getItem('khaneh.chunk-reload'))).toMatch(/^\d+$/)
})
