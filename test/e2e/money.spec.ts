import { expect, test, type Page } from '@playwright/test'
import { E2E_ADMIN_TELEGRAM_ID, E2E_BOT_TOKEN, E2E_DATA_DIR } from '../../playwright.config.ts'
import { approvedListing, boostWithNoneFree } from '../helpers/approved-listing.ts'
import { lastActionLink } from '../helpers/email.ts'
import { payForThisContact } from '../helpers/paid-contact.ts'
import { signedIn, ownClientAddress } from '../helpers/signed-in.ts'
import { signTelegramLogin } from '../helpers/telegram.ts'

const run = Date.now() % 100000

/** A write to the API from a signed-in page's context, as its own pages send it (same origin). */
async function apiWrite(page: Page, method: 'POST' | 'PUT', path: string, data: object) {
  const origin = new URL(page.url()).origin
  const res = await page.request.fetch(`/api/v1${path}`, { method, data, headers: { origin } })
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true)
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

test('en: a signed-in reader reveals contacts, sees the reveals left, and pays for one past the free day', async ({
  browser,
}) => {
  const reader = await signedIn(browser, 861000 + run, '/en/listings', 'en-US')
  await reader.locator('.listing-card .listing-card-link').first().click()
  await expect(reader.locator('.listing-detail')).toHaveCount(1)
  await reader.getByRole('button', { name: 'Show contact' }).click()
  const reveal = reader.locator('.contact-reveal')
  await expect(reveal.locator('a[href^="tel:"]')).toBeVisible()
  await expect(reveal).toContainText('2 new contacts left today.')
  // opened for good: the page shows it at once from now on
  await reader.reload()
  await expect(reader.locator('.contact-reveal a[href^="tel:"]')).toBeVisible()
  await expect(reader.getByRole('button', { name: 'Show contact' })).toHaveCount(0)

  // the free day's reveals used up, the next contact is offered for €0.99 and opens once paid
  // (each page hydrated before a click: a button clicked before it has no handler yet)
  const hydrated = reader.locator('html[data-hydrated]')
  for (const n of [1, 2]) {
    await reader.goto('/en/listings')
    await expect(hydrated).toHaveCount(1)
    await reader.locator('.listing-card .listing-card-link').nth(n).click()
    await reader.getByRole('button', { name: 'Show contact' }).click()
    await expect(reader.locator('.contact-reveal a[href^="tel:"]')).toBeVisible()
  }
  await reader.goto('/en/listings')
  await expect(hydrated).toHaveCount(1)
  await reader.locator('.listing-card .listing-card-link').nth(3).click()
  await expect(reader).toHaveURL(/\/en\/listing\//)
  const title = await reader.locator('.listing-summary h1').innerText()
  await payForThisContact(reader)
  await expect(reader.locator('.listing-summary h1')).toHaveText(title)
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
  await approvedListing(
    browser,
    owner,
    `A quiet private room near the river, number ${run}, with a desk and good light.`,
  )

  const row = await boostWithNoneFree(owner)
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

test('en: a referral link counts once its visitor signs up, by Telegram and by e-mail', async ({ browser }) => {
  const referrer = await signedIn(browser, 864000 + run, '/en/dashboard/referrals', 'en-US')
  const stats = async () => (await (await referrer.request.get('/api/v1/referrals/stats')).json()).data
  const { referral_code: code, referral_link: link } = await stats()
  await expect(referrer.getByRole('link', { name: 'Share on Telegram' })).toHaveAttribute(
    'href',
    `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent('Find a home on Khaneh with my link')}`,
  )

  // by Telegram: the link's page first, then the sign-in that lands on a page signed in
  const byTelegram = await (
    await browser.newContext({ locale: 'en-US', extraHTTPHeaders: ownClientAddress() })
  ).newPage()
  await byTelegram.goto(`/en/listings?ref=${code}`)
  await expect(byTelegram.locator('html[data-hydrated]')).toHaveCount(1)
  const fields = signTelegramLogin(
    {
      id: 865000 + run,
      first_name: 'Friend',
      last_name: 'T',
      username: `f${run}`,
      photo_url: 'https://t.me/i/userpic/320/f.jpg',
      auth_date: Math.floor(Date.now() / 1000),
    },
    E2E_BOT_TOKEN,
  )
  await byTelegram.goto(
    `/en/auth?${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]))}&next=${encodeURIComponent('/en/listings')}`,
  )
  await expect(byTelegram).toHaveURL(/\/en\/listings$/)
  await expect.poll(async () => (await stats()).signups).toBe(1)

  // by e-mail: sign up, confirm, sign in; the first page after the sign-in page sends the code
  const email = `ref-${run}@example.com`
  const byEmail = await (await browser.newContext({ locale: 'en-US' })).newPage()
  await byEmail.goto(`/en/?ref=${code}`)
  await expect(byEmail.locator('html[data-hydrated]')).toHaveCount(1)
  await byEmail.goto('/en/auth')
  await expect(byEmail.locator('html[data-hydrated]')).toHaveCount(1)
  await byEmail.getByRole('button', { name: 'Create account' }).first().click()
  await byEmail.getByLabel('First name', { exact: true }).fill('Dara')
  await byEmail.getByLabel('Last name').fill('E')
  await byEmail.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await byEmail.getByLabel('Password', { exact: true }).fill('dara-secret-1')
  await byEmail.locator('form').getByRole('button', { name: 'Create account' }).click()
  await expect(byEmail.getByRole('heading', { name: 'Confirm your e-mail' })).toBeVisible()
  const verify = await lastActionLink(E2E_DATA_DIR, email, 'verifyEmail')
  await byEmail.goto(verify.pathname + verify.search)
  await byEmail.locator('.auth-card').getByRole('link', { name: 'Sign in' }).click()
  await byEmail.getByLabel('Password', { exact: true }).fill('dara-secret-1')
  await byEmail.locator('form').getByRole('button', { name: 'Sign in' }).click()
  await expect(byEmail).toHaveURL(/\/en\/dashboard$/)
  await expect.poll(async () => (await stats()).signups).toBe(2)
  // sent once: more pages change nothing
  await byEmail.goto('/en/dashboard/referrals')
  await expect(byEmail.getByRole('heading', { name: 'Invite friends' })).toBeVisible()
  expect((await stats()).signups).toBe(2)
})
