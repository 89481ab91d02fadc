import { expect, test, type Page } from '@playwright/test'
import { E2E_ADMIN_TELEGRAM_ID } from '../../playwright.config.ts'
import { approvedListing, boostWithNoneFree } from '../helpers/approved-listing.ts'
import { write } from '../helpers/page-api.ts'
import { payForThisContact } from '../helpers/paid-contact.ts'
import { ownClientAddress, signedIn } from '../helpers/signed-in.ts'

// The owner's buttons, the paid checkouts and the inbox with scripts blocked: each a form whose
// action the gateway runs (docs/decisions/041-forms-without-javascript.md).
test.use({ javaScriptEnabled: false, extraHTTPHeaders: ownClientAddress() })
const run = Date.now() % 100000

/** The owner's row of the listing whose status chip says `status`. */
const rowWith = (owner: Page, status: string) =>
  owner
    .locator('.own-listing')
    .filter({ has: owner.locator(`.status-chip.status-${status}`) })
    .first()

test('en: an owner pays for a boost, marks the listing rented, renews, duplicates and removes it, without JavaScript', async ({
  browser,
}) => {
  const owner = await signedIn(browser, 898000 + run, '/en/dashboard/listings', 'en-US', 'Rows', false)
  await approvedListing(browser, owner, `A calm private room by the canal, number ${run}, with a desk and a wardrobe.`)

  // a paid boost: the form goes on to the sandbox's checkout, its Pay to the result, and back
  const row = await boostWithNoneFree(owner)
  await row.getByRole('button', { name: /^Boost for €2\.99$/ }).click()
  await expect(owner).toHaveURL(/\/en\/checkout\/sandbox\/[0-9a-f-]{36}$/)
  await expect(owner.locator('.payment-amount')).toHaveText('€2.99')
  await owner.getByRole('button', { name: 'Pay (test)' }).click()
  await expect(owner).toHaveURL(/\/en\/checkout\/result\/[0-9a-f-]{36}$/)
  await expect(owner.getByRole('heading', { level: 1 })).toHaveText('Payment received')
  await owner.getByRole('link', { name: 'My listings' }).click()
  await expect(rowWith(owner, 'active').locator('.badge-boost').first()).toContainText('Boosted')

  await rowWith(owner, 'active').getByRole('button', { name: 'Mark as rented' }).click()
  await expect(owner).toHaveURL(/\/en\/dashboard\/listings$/)
  await rowWith(owner, 'rented').getByRole('button', { name: 'Renew' }).click()
  await expect(rowWith(owner, 'pending')).toBeVisible()
  await expect(owner.locator('.own-listing')).toHaveCount(1)

  await rowWith(owner, 'pending').getByRole('button', { name: 'Duplicate' }).click()
  await expect(owner).toHaveURL(/\/en\/dashboard\/listings\/\d+$/)
  await expect(owner.locator('#listing-description')).toHaveValue(/A calm private room by the canal/)
  await owner.goto('/en/dashboard/listings')
  await expect(owner.locator('.own-listing')).toHaveCount(2)

  // "Remove" asks first, as a step of the page; "Keep it" takes it back; "Yes, remove" removes
  const first = owner.locator('.own-listing').first()
  await first.getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(owner).toHaveURL(/\/en\/dashboard\/listings\?remove=\d+$/)
  await expect(first.getByRole('group', { name: 'Remove this listing?' })).toBeVisible()
  await first.getByRole('button', { name: 'Keep it' }).click()
  await expect(owner).toHaveURL(/\/en\/dashboard\/listings\??$/)
  await expect(first.getByRole('group', { name: 'Remove this listing?' })).toHaveCount(0)
  await first.getByRole('button', { name: 'Remove', exact: true }).click()
  await first.getByRole('button', { name: 'Yes, remove' }).click()
  await expect(owner).toHaveURL(/\/en\/dashboard\/listings$/)
  await expect(owner.locator('.own-listing')).toHaveCount(1)
})

test('the confirmation step without JavaScript, in Persian and English at 360 px', async ({ browser }, info) => {
  const owner = await signedIn(browser, 899000 + run, '/dashboard/listings', 'fa-IR', 'Confirm', false)
  const listing = await approvedListing(browser, owner, `A sunny room near the station, number ${run}, with a balcony.`)
  await owner.setViewportSize({ width: 360, height: 780 })
  for (const [prefix, question] of [
    ['', 'این آگهی حذف شود؟'],
    ['/en', 'Remove this listing?'],
  ] as const) {
    await owner.goto(`${prefix}/dashboard/listings?remove=${listing.id}`)
    const group = owner.getByRole('group', { name: question })
    await expect(group).toBeVisible()
    await group.scrollIntoViewIfNeeded()
    await owner.screenshot({ path: info.outputPath(`remove-step-${prefix ? 'en' : 'fa'}-360.png`) })
  }
  // the plans without the app: the coupon a plain field of their form
  await owner.goto('/pricing')
  await expect(owner.getByLabel('کد کوپن')).toBeVisible()
  await owner.getByLabel('کد کوپن').scrollIntoViewIfNeeded()
  await owner.screenshot({ path: info.outputPath('pricing-coupon-fa-360.png') })
  await owner.setViewportSize({ width: 1280, height: 800 })
  await owner.goto(`/en/dashboard/listings?remove=${listing.id}`)
  await owner.screenshot({ path: info.outputPath('remove-step-en-1280.png') })
})

test('en: a plan bought with the coupon field (a refused coupon first), then cancelled, without JavaScript', async ({
  browser,
}) => {
  const admin = await signedIn(browser, E2E_ADMIN_TELEGRAM_ID, '/en/dashboard', 'en-US')
  const code = `NOJS-${run}`
  await write(admin, 'POST', '/api/v1/admin/coupons', { code, kind: 'percent', percent_off: 50, max_uses: 5 })
  await admin.context().close()

  const buyer = await signedIn(browser, 900000 + run, '/en/pricing', 'en-US', 'Buyer', false)
  const popular = buyer.locator('.plan-card.plan-popular')
  await buyer.getByLabel('Coupon code').fill('NO-SUCH-COUPON')
  await popular.getByRole('button', { name: /^Buy / }).click()
  await expect(buyer).toHaveURL(/\/en\/pricing$/)
  await expect(buyer.getByRole('alert')).toHaveText('There is no coupon with this code.')
  await expect(buyer.getByLabel('Coupon code')).toHaveValue('NO-SUCH-COUPON')

  await buyer.getByLabel('Coupon code').fill(code)
  await popular.getByRole('button', { name: /^Buy / }).click()
  await expect(buyer).toHaveURL(/\/en\/checkout\/sandbox\/[0-9a-f-]{36}$/)
  await expect(buyer.locator('.payment-summary')).toContainText(`(${code})`)
  await buyer.getByRole('button', { name: 'Cancel' }).click()
  await expect(buyer).toHaveURL(/\/en\/checkout\/result\/[0-9a-f-]{36}$/)
  await expect(buyer.getByRole('heading', { level: 1 })).toHaveText('Payment cancelled')
})

test('en: past the free contacts, one paid for and opened, without JavaScript', async ({ browser }) => {
  const reader = await signedIn(browser, 901000 + run, '/en/listings', 'en-US', 'Payer', false)
  for (const n of [0, 1, 2]) {
    await reader.goto('/en/listings')
    await reader.locator('.listing-card .listing-card-link').nth(n).click()
    await reader.getByRole('button', { name: 'Show contact' }).click()
    await expect(reader.locator('.contact-reveal a[href^="tel:"]')).toBeVisible()
  }
  await reader.goto('/en/listings')
  await reader.locator('.listing-card .listing-card-link').nth(3).click()
  await payForThisContact(reader)
})

test('en: an unread notification opened without JavaScript is marked read; push says it needs scripts; sign out', async ({
  browser,
}) => {
  const renter = await signedIn(browser, 902000 + run, '/en/listings?city=berlin', 'en-US', 'Inbox', false)
  await renter.getByRole('button', { name: 'Save this search' }).click()
  await expect(renter.locator('.save-search-done')).toBeVisible()
  const owner = await signedIn(browser, 903000 + run, '/en/dashboard', 'en-US')
  const listing = await approvedListing(browser, owner, `A bright room by the market, number ${run}, with a desk.`)
  await owner.context().close()

  await renter.goto('/en/dashboard/alerts')
  // a <noscript> line, shown because scripts are blocked (and no button that would do nothing)
  const noscript = renter.locator('.push-panel noscript p')
  await expect(noscript).toBeVisible()
  await expect(noscript).toHaveText(
    'Push notifications need JavaScript in this browser. Matches still arrive in your inbox.',
  )
  await expect(renter.locator('.push-panel button')).toHaveCount(0)
  const unread = renter.locator('.notification-unread')
  await expect(async () => {
    await renter.reload()
    await expect(unread).toHaveCount(1, { timeout: 1000 })
  }).toPass({ timeout: 20_000 })
  await unread.getByRole('button').click()
  await expect(renter).toHaveURL(new RegExp(`/en/listing/${listing.slug}$`))
  await renter.goto('/en/dashboard/alerts')
  await expect(unread).toHaveCount(0)
  await expect(renter.getByTestId('inbox-unread')).toContainText('0')

  await renter.getByRole('button', { name: 'Sign out' }).click()
  await expect(renter).toHaveURL(/\/en$/)
  await renter.goto('/en/dashboard/alerts')
  await expect(renter).toHaveURL(/\/en\/auth\?/)
})
