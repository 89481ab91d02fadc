import { expect, test, type Page } from '@playwright/test'
import { E2E_ADMIN_TELEGRAM_ID, E2E_DATA_DIR } from '../../playwright.config.ts'
import { lastActionLink } from '../helpers/email.ts'
import { ownClientAddress, signedIn } from '../helpers/signed-in.ts'

const run = Date.now() % 100000

/** Every console error and every failed answer a page meets: what a reader's browser would flag. */
function collectFailures(page: Page): string[] {
  const failures: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => failures.push(`page error: ${error.message}`))
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.request().method()} ${response.url()}`)
  })
  return failures
}

test.use({ locale: 'en-US' })

test('a new reader’s first visit, e-mail sign-up, paywalled contact and boost leave the console empty', async ({
  page,
  browser,
}) => {
  const failures = collectFailures(page)
  // Telegram's widget as a reader who can reach telegram.org gets it (this machine may be offline)
  await page.route('https://telegram.org/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '/* the widget */' }),
  )
  await page.setExtraHTTPHeaders(ownClientAddress())
  const hydrated = page.locator('html[data-hydrated]')

  // a guest opens the sign-in page: from a link (the guard runs in the browser) and directly
  await page.goto('/en')
  await expect(hydrated).toHaveCount(1)
  await page.locator('.header-actions a.button').click()
  await expect(page).toHaveURL(/\/en\/auth$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in or sign up')
  await page.goto('/en/auth')
  await expect(hydrated).toHaveCount(1)

  // the first e-mail sign-in of a new address
  const email = `quiet-${run}@example.com`
  await page.getByRole('button', { name: 'Create account' }).first().click()
  await page.getByLabel('First name', { exact: true }).fill('Azadeh')
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill('azadeh-secret')
  await page.locator('form').getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail' })).toBeVisible()
  const link = await lastActionLink(E2E_DATA_DIR, email, 'verifyEmail')
  await page.goto(link.pathname + link.search)
  await expect(page.getByRole('heading', { name: 'Your e-mail is confirmed' })).toBeVisible()
  await page.locator('.auth-card').getByRole('link', { name: 'Sign in' }).click()
  await expect(hydrated).toHaveCount(1)
  await page.getByLabel('Password', { exact: true }).fill('azadeh-secret')
  await page.locator('form').getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/en\/dashboard$/)
  await expect(page.locator('.dashboard-user')).toContainText('Azadeh')

  // the day's free contacts used, the next one is offered for money
  for (const n of [0, 1, 2, 3]) {
    await page.goto('/en/listings')
    await expect(hydrated).toHaveCount(1)
    await page.locator('.listing-card .listing-card-link').nth(n).click()
    await expect(page).toHaveURL(/\/en\/listing\//)
    await expect(hydrated).toHaveCount(1)
    await page.getByRole('button', { name: 'Show contact' }).click()
    if (n < 3) await expect(page.locator('.contact-reveal a[href^="tel:"]')).toBeVisible()
  }
  await expect(page.getByText("You have used today's free contacts.")).toBeVisible()

  // an owner without a free boost is offered one for money
  const origin = new URL(page.url()).origin
  const created = await page.request.post('/api/v1/listings?language=en', {
    headers: { origin },
    data: {
      type: 'private_room',
      country: 'DE',
      city: 'berlin',
      rent: 610,
      description: `A bright private room by the canal, number ${run}, with a desk and a quiet street.`,
      original_language: 'en',
      contact: '+49 151 7650000',
    },
  })
  expect(created.ok()).toBe(true)
  const listing = (await created.json()).data
  const admin = await signedIn(browser, E2E_ADMIN_TELEGRAM_ID, '/en/dashboard', 'en-US')
  const approved = await admin.request.put(`/api/v1/admin/listings/${listing.id}/status`, {
    headers: { origin },
    data: { status: 'active', updated_at: listing.updated_at },
  })
  expect(approved.ok()).toBe(true)
  await page.goto('/en/dashboard/listings')
  await expect(hydrated).toHaveCount(1)
  const row = page
    .locator('.own-listing')
    .filter({ has: page.locator('.status-chip.status-active') })
    .first()
  await row.getByRole('button', { name: 'Boost', exact: true }).click()
  await expect(row.getByText('You have no free boosts left.')).toBeVisible()

  expect(failures, 'no console error, no failed answer').toEqual([])
})
