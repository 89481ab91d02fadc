import { expect, test } from '@playwright/test'

// How a page starts its scripts (docs/decisions/039-bootstrap.md): the document names the entry as its
// module script and preloads the page's chunks in its head; nothing waits for the first paint.
test.use({ locale: 'en-US' })

test("the page's scripts download while its stylesheet is held back: nothing waits for the first paint", async ({
  page,
}) => {
  // the stylesheet blocks the first paint until it comes: while it is held, nothing can have painted
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/[^/]+\.css$/, async (route) => {
    await held
    await route.continue()
  })
  // the entry (the document's module script), the framework it imports, the page's own chunk and catalog
  // (module preloads in the head)
  const wanted = ['/assets/entry.client', '/assets/framework', '/assets/listings-page', '/assets/messages']
  const scripts = new Set<string>()
  const fetched = new Promise<void>((resolve) =>
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return
      scripts.add(new URL(request.url()).pathname.replace(/-[\w-]{8}\.js$/, ''))
      if (wanted.every((name) => scripts.has(name))) resolve()
    }),
  )
  await page.goto('/en/listings', { waitUntil: 'commit' })
  // they arrive before the stylesheet; a loader waiting for the paint would ask for none of them
  await fetched
  expect(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(0)
  release()
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  // and the page works as one: the language menu leads to the Persian page
  await page.locator('.lang-switcher summary').click()
  await page.getByRole('link', { name: 'فارسی' }).click()
  await page.waitForURL((url) => url.pathname === '/listings')
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
