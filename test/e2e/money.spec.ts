import { expect, test, type Browser, type Page } from '@playwright/test'
import { E2E_ADMIN_TELEGRAM_ID, E2E_BOT_TOKEN } from '../../playwright.config.ts'
import { signTelegramLogin } from '../helpers/telegram.ts'

const run = Date.now() % 100000

/** A signed-in page of its own (a fresh context: its own cookies) in the given language, landed on `next`. */
async function signedIn(browser: Browser, telegramId: number, next: string, locale: string): Promise<Page> {
  const context = await browser.newContext({ locale })
  const page = await context.newPage()
  const fields = signTelegramLogin(
    {
      id: telegramId,
      first_name: `Buyer${telegramId % 1000}`,
      last_name: 'M',
      username: `m${telegramId}`,
      photo_url: 'https://t.me/i/userpic/320/m.jpg',
      auth_date: Math.floor(Date.now() / 1000),
    },
    E2E_BOT_TOKEN,
  )
  await page.goto(
    `/auth?${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]))}&next=${encodeURIComponent(next)}`,
  )
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/?]/g, '\\$&')}$`))
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  return page
}

/** A write to the API from a signed-in page's context, as its own pages send it (same origin). */
async function apiWrite(page: Page, method: 'POST' | 'PUT', path: string, data: object) {
  const origin = new URL(page.url()).origin
  const res = await page.request.fetch(`/api/v1${path}`, { method, data, headers: { origin } })
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200)
  return (await res.json()).data
}

test('fa: a guest picks the quarterly plan, signs in, pays in the sandbox and sees premium on the dashboard', async ({
  browser,
}) => {
  const guest = await browser.newPage({ locale: 'fa-IR' })
  await guest.goto('/pricing')
  await expect(guest.locator('html')).toHaveAttribute('dir', 'rtl')
  const quarterly = guest.locator('.plan-card.plan-popular')
  await expect(quarterly.locator('.plan-price')).toContainText('۷۱۹٬۴۰۰')
  const signIn = await quarterly.getByRole('link', { name: 'برای خرید وارد شوید' }).getAttribute('href')
  expect(signIn).toBe(`/auth?next=${encodeURIComponent('/pricing?plan=quarterly')}`)

  const buyer = await signedIn(browser, 860000 + run, '/pricing?plan=quarterly', 'fa-IR')
  const chosen = buyer.locator('.plan-card.plan-chosen')
  await expect(chosen).toHaveClass(/plan-popular/)
  await chosen.getByRole('button', { name: /^خرید/ }).click()
  await expect(buyer).toHaveURL(/\/checkout\/sandbox\/[0-9a-f-]{36}$/)
  await expect(buyer.getByRole('note')).toContainText('پرداخت آزمایشی')
  await expect(buyer.locator('.payment-amount')).toContainText('۷۱۹٬۴۰۰')
  await buyer.getByRole('button', { name: 'پرداخت (آزمایشی)' }).click()
  await expect(buyer).toHaveURL(/\/checkout\/result\/[0-9a-f-]{36}$/)
  await expect(buyer.getByRole('heading', { level: 1 })).toHaveText('پرداخت دریافت شد')
  await buyer.getByRole('link', { name: 'رفتن به اشتراک من' }).click()
  await expect(buyer).toHaveURL(/\/dashboard\/subscription$/)
  await expect(buyer.locator('.summary-figure').first()).toHaveText('ویژه')
  await expect(buyer.getByText(/^ویژه تا /)).toBeVisible()
  await expect(buyer.locator('.history-table tbody tr')).toHaveCount(1)
  await buyer.goto('/dashboard')
  await expect(buyer.getByText(/^ویژه تا /)).toBeVisible()
})

test('en: a signed-in reader reveals a listing’s contact and sees the reveals left today', async ({ browser }) => {
  const reader = await signedIn(browser, 861000 + run, '/en/listings', 'en-US')
  await reader.locator('.listing-card .listing-card-link').first().click()
  await expect(reader.locator('.listing-detail')).toHaveCount(1)
  await reader.getByRole('button', { name: 'Show contact' }).click()
  const reveal = reader.locator('.contact-reveal')
  await expect(reveal.locator('a[href^="tel:"]')).toBeVisible()
  await expect(reveal).toContainText('2 new contacts left today.')
})

test('en: a coupon an admin made is redeemed once on the subscription page', async ({ browser }) => {
  const admin = await signedIn(browser, E2E_ADMIN_TELEGRAM_ID, '/en/dashboard', 'en-US')
  const code = `E2E-GIFT-${run}`
  await apiWrite(admin, 'POST', '/admin/coupons', { code, kind: 'grant', grant: { ai_credits: 5 }, max_uses: 10 })

  const user = await signedIn(browser, 862000 + run, '/en/dashboard/subscription', 'en-US')
  const credits = user.locator('.summary-card').filter({ hasText: 'AI credits' }).locator('.summary-figure')
  const before = Number(await credits.innerText())
  await user.getByLabel('Coupon code').fill(code.toLowerCase())
  await user.getByRole('button', { name: 'Redeem' }).click()
  await expect(user.getByRole('status').filter({ hasText: 'Coupon redeemed' })).toHaveText(
    'Coupon redeemed: 5 AI credits.',
  )
  await expect(credits).toHaveText(String(before + 5))
  await user.getByRole('button', { name: 'Redeem' }).click()
  await expect(user.getByText('You have already used this coupon.')).toBeVisible()
  await expect(credits).toHaveText(String(before + 5))
})

test('en: an owner with no free boost pays for one and sees the listing boosted', async ({ browser }) => {
  const owner = await signedIn(browser, 863000 + run, '/en/dashboard/listings', 'en-US')
  const listing = await apiWrite(owner, 'POST', '/listings?language=en', {
    type: 'private_room',
    country: 'DE',
    city: 'berlin',
    rent: 640,
    description: `A quiet private room near the river, number ${run}, with a desk and good light.`,
    original_language: 'en',
    contact: '+49 151 7654321',
  })
  const admin = await signedIn(browser, E2E_ADMIN_TELEGRAM_ID, '/en/dashboard', 'en-US')
  await apiWrite(admin, 'PUT', `/admin/listings/${listing.id}/status`, {
    status: 'active',
    updated_at: listing.updated_at,
  })

  await owner.reload()
  const row = owner
    .locator('.own-listing')
    .filter({ has: owner.locator('.status-chip.status-active') })
    .first()
  await row.getByRole('button', { name: 'Boost', exact: true }).click()
  await expect(row.getByText('You have no free boosts left.')).toBeVisible()
  await row.getByRole('button', { name: /^Boost for €2\.99$/ }).click()
  await expect(owner).toHaveURL(/\/en\/checkout\/sandbox\/[0-9a-f-]{36}$/)
  await expect(owner.getByRole('note')).toContainText('TEST PAYMENT')
  await owner.getByRole('button', { name: 'Pay (test)' }).click()
  await expect(owner.getByRole('heading', { level: 1 })).toHaveText('Payment received')
  await owner.getByRole('link', { name: 'Back to the listing' }).click()
  await expect(owner.locator('.own-listing-panel .badge-boost')).toContainText('Boosted until')
  await owner.goto('/en/dashboard/listings')
  await expect(owner.locator('.own-listing').first().locator('.badge-boost')).toContainText('Boosted until')
})
