import { expect, test } from '@playwright/test'

// Each public page loads the shell's messages and its own (docs/decisions/025-catalogs-by-route-group.md):
// a navigation to another page loads that page's before rendering it, in the page's language.
test.use({ locale: 'de-DE' })

test('a page reached by client navigation, or in another language, is translated; nothing mismatches on hydration', async ({
  page,
}) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  const catalogs: string[] = []
  page.on('request', (request) => {
    if (/\/assets\/messages-[\w-]+\.js$/.test(request.url())) catalogs.push(new URL(request.url()).pathname)
  })

  // a content page: the shell's messages and the content page's, nothing of the listings
  await page.goto('/de/about-us')
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  expect(catalogs).toHaveLength(2)
  // the server named them in the page, preloaded beside the entry's chunks
  const preloaded = await page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname))
  for (const file of catalogs) expect(preloaded).toContain(file)
  await page.evaluate(() => Object.assign(window, { khanehSameDocument: true }))

  await page.locator('header').getByRole('link', { name: 'Anzeigen', exact: true }).click()
  await expect(page).toHaveURL(/\/de\/listings$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wohnungen und Zimmer zur Miete')
  // (and those of what the page renders afresh that a first visit keeps as the server sent it, the filter's
  // fields: the on-use group, client/lib/kept-part.tsx)
  expect(catalogs, 'the listings page’s messages and the on-use group’s, loaded on the way').toHaveLength(4)

  await page.locator('article.listing-card a.listing-card-link').first().click()
  await expect(page).toHaveURL(/\/de\/listing\/[a-z0-9-]+$/)
  await expect(page.getByText('Verfügbar ab')).toBeVisible()
  const listingPath = new URL(page.url()).pathname.replace(/^\/de/, '')

  await page.locator('.lang-switcher summary').click()
  await page.getByRole('link', { name: 'Italiano' }).click()
  await expect(page).toHaveURL(new RegExp(`/it${listingPath}$`))
  await expect(page.getByText('Disponibile dal')).toBeVisible()
  await expect(page.getByText('Verfügbar ab')).toHaveCount(0)
  expect(
    await page.evaluate(() => 'khanehSameDocument' in window),
    'every step went through the router, without reloading the document',
  ).toBe(true)
  expect(errors).toEqual([])
})
