import { expect, test } from '@playwright/test'
import { E2E_ADMIN_TELEGRAM_ID } from '../../playwright.config.ts'
import { write } from '../helpers/page-api.ts'
import { signedIn } from '../helpers/signed-in.ts'

test('fa: a renter saves a Berlin search, an admin approves a matching listing, the badge counts it live and the inbox shows it', async ({
  browser,
}) => {
  const run = Date.now() % 100000
  const renter = await signedIn(browser, 860000 + run, '/listings?city=berlin', 'fa-IR')
  const headerBadge = renter.locator('.site-header .unread-badge')
  await renter.getByRole('button', { name: 'ذخیرهٔ این جست‌وجو' }).click()
  await expect(renter.locator('.save-search-done')).toBeVisible()
  await expect(headerBadge).toHaveCount(0)

  // a second tab of the same browser: it hears the first tab's stream instead of opening its own
  const STREAM = '/api/v1/alerts/notifications/stream'
  const secondTab = await renter.context().newPage()
  const secondTabStreams: string[] = []
  secondTab.on('request', (request) => {
    if (request.url().includes(STREAM)) secondTabStreams.push(request.url())
  })
  await secondTab.goto('/dashboard')
  const secondTabBadge = secondTab.locator('.site-header .unread-badge')

  const owner = await signedIn(browser, 870000 + run, '/en/dashboard', 'en-US')
  const listing = await write(owner, 'POST', '/api/v1/listings', {
    type: 'apartment',
    country: 'DE',
    city: 'berlin',
    rent: 720,
    description: `A quiet room near the park, number ${run}, with a balcony.`,
    contact: '+49 151 7654321',
  })
  const admin = await signedIn(browser, E2E_ADMIN_TELEGRAM_ID, '/en/dashboard', 'en-US')
  await write(admin, 'PUT', `/api/v1/admin/listings/${listing.id}/status`, { status: 'active' })

  // the renter's page was never reloaded: the count came over the event stream
  await expect(headerBadge).toHaveText('۱', { timeout: 15_000 })
  await expect(renter.locator('.site-header').getByRole('link', { name: /۱ اعلان خوانده‌نشده/ })).toBeVisible()
  await expect(secondTabBadge).toHaveText('۱', { timeout: 15_000 })
  expect(secondTabStreams, 'the second tab opened no stream of its own').toEqual([])

  // the dashboard's menu counts it too, and the inbox lists it as unread
  await renter
    .locator('.site-header')
    .getByRole('link', { name: /۱ اعلان خوانده‌نشده/ })
    .click()
  const alertsLink = renter.locator('.dashboard-nav a[href="/dashboard/alerts"]')
  await expect(alertsLink.locator('.unread-badge')).toHaveText('۱')
  await alertsLink.click()
  await expect(renter).toHaveURL(/\/dashboard\/alerts$/)
  const unread = renter.locator('.notification-unread')
  await expect(unread).toHaveCount(1)
  await expect(renter.getByTestId('inbox-unread')).toContainText('۱')

  // opening it marks it read: the badges go, live as well
  await unread.getByRole('button').click()
  await expect(renter).toHaveURL(new RegExp(`/listing/${listing.slug}$`))
  await expect(headerBadge).toHaveCount(0, { timeout: 15_000 })
  await expect(secondTabBadge).toHaveCount(0, { timeout: 15_000 })

  // the tab holding the stream closes: the other one opens it in turn
  const takenOver = secondTab.waitForRequest((request) => request.url().includes(STREAM))
  await renter.close()
  await takenOver
  expect(secondTabStreams).toHaveLength(1)
})
