import { expect, test } from '@playwright/test'
import { pauseResumeAndDelete } from '../helpers/alert-card.ts'
import { signedIn } from '../helpers/signed-in.ts'

const run = Date.now() % 100000

test('en: a renter saves a Berlin search from /listings, finds it on /dashboard/alerts, pauses it and deletes it', async ({
  browser,
}) => {
  const guest = await browser.newPage({ locale: 'en-US' })
  await guest.goto('/en/listings?city=berlin&max_price=900')
  await expect(guest.getByRole('link', { name: 'Sign in to save this search' })).toHaveAttribute(
    'href',
    `/en/auth?next=${encodeURIComponent('/en/listings?city=berlin&max_price=900')}`,
  )

  const renter = await signedIn(browser, 890000 + run, '/en/listings?city=berlin&max_price=900', 'en-US')
  await renter.getByRole('button', { name: 'Save this search' }).click()
  const saved = renter.locator('.save-search-done')
  await expect(saved).toContainText('Saved as “Berlin · up to €900”')
  // the push offer: "Notify me" once the server has a VAPID key, else why push is unavailable
  await expect(saved.locator('.push-panel')).toContainText(/Notify me|Push notifications are not available/)

  await saved.getByRole('link', { name: 'Manage alerts' }).click()
  await expect(renter).toHaveURL(/\/en\/dashboard\/alerts$/)
  await expect(renter.getByTestId('alert-limit')).toContainText('1 of 1 alerts active')
  await expect(renter.getByRole('link', { name: 'Upgrade for 10' })).toHaveAttribute('href', '/en/pricing')
  const card = renter.locator('.alert-card')
  await expect(card).toHaveCount(1)
  await expect(card.getByRole('heading', { name: 'Berlin · up to €900' })).toBeVisible()
  await expect(card.locator('.alert-summary')).toHaveText('Berlin · up to €900')
  await expect(card.getByRole('link', { name: 'Open search' })).toHaveAttribute(
    'href',
    '/en/listings?city=berlin&max_price=900',
  )
  await expect(renter.getByText('No notifications yet.', { exact: false })).toBeVisible()

  // a second search is over the free plan's one alert: 403 ALERT_LIMIT_REACHED, explained
  await renter.goto('/en/listings?city=berlin&type=private_room')
  await expect(renter.locator('html[data-hydrated]')).toHaveCount(1)
  await renter.getByRole('button', { name: 'Save this search' }).click()
  await expect(renter.getByRole('alert')).toContainText('Your plan’s alerts are all in use')
  await expect(renter.getByRole('link', { name: 'See premium plans' })).toHaveAttribute('href', '/en/pricing')

  await renter.goto('/en/dashboard/alerts')
  await expect(renter.locator('html[data-hydrated]')).toHaveCount(1)
  await pauseResumeAndDelete(renter, card)
  await renter.reload()
  await expect(renter.locator('.alert-card')).toHaveCount(0)
})
