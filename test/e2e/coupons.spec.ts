import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { E2E_ADMIN_TELEGRAM_ID } from '../../playwright.config.ts'
import { signedIn } from '../helpers/signed-in.ts'

const run = Date.now() % 100000

/** The serious or critical WCAG 2.1 A/AA violations axe finds on the page as it is now. */
async function blockingViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

test('en: an admin makes a coupon on the coupons page, is told of a bad value beside its field, and disables it', async ({
  browser,
}) => {
  const admin = await signedIn(browser, E2E_ADMIN_TELEGRAM_ID, '/en/dashboard', 'en-US')
  await admin.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Coupons' }).click()
  await expect(admin).toHaveURL(/\/en\/dashboard\/coupons$/)
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Coupons')

  const code = `E2E-WELCOME-${run}`
  const writes: string[] = []
  admin.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/v1/admin/coupons')) writes.push(request.url())
  })
  await admin.getByLabel('Code', { exact: true }).fill(code.toLowerCase())
  await admin.getByLabel('A gift: AI credits, premium days or free boosts').check()
  await admin.getByLabel('AI credits', { exact: true }).fill('5')
  const uses = admin.getByLabel('Uses in all')
  await uses.fill('0')
  await admin.getByRole('button', { name: 'Create coupon' }).click()
  // the shared rules, checked before sending: the error beside the field, which has the focus
  await expect(uses).toBeFocused()
  await expect(uses).toHaveAttribute('aria-invalid', 'true')
  await expect(uses).toHaveAccessibleDescription(/Enter a whole number from 1 to 1,000,000\./)
  expect(writes, 'nothing was sent').toHaveLength(0)
  expect(await blockingViolations(admin), 'the form with an error').toEqual([])

  await uses.fill('10')
  await expect(uses).not.toHaveAttribute('aria-invalid', 'true')
  await admin.getByRole('button', { name: 'Create coupon' }).click()
  await expect(admin.getByRole('status').filter({ hasText: 'created' })).toHaveText(`Coupon ${code} created.`)
  const item = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: code }) })
  await expect(item.locator('.status-chip')).toHaveText('Active')
  await expect(item).toContainText('5 AI credits')
  await expect(item).toContainText('0 of 10')
  await expect(admin.getByLabel('Code', { exact: true })).toHaveValue('')

  // the server's answer is the truth: a code taken (whatever its case) is an error beside the code
  await admin.getByLabel('Code', { exact: true }).fill(code.toLowerCase())
  await admin.getByLabel('A percentage off a plan').check()
  await admin.getByLabel('Percent off').fill('10')
  await admin.getByRole('button', { name: 'Create coupon' }).click()
  const codeField = admin.getByLabel('Code', { exact: true })
  await expect(codeField).toBeFocused()
  await expect(codeField).toHaveAccessibleDescription(/A coupon with this code exists already\./)

  // disabling asks first; by keyboard, Escape keeps it
  const disable = item.getByRole('button', { name: 'Disable', exact: true })
  await disable.click()
  const yes = item.getByRole('button', { name: 'Yes, disable' })
  await expect(item.getByRole('group')).toHaveAccessibleName(`Disable ${code}? Nobody can use it afterwards.`)
  await expect(yes).toBeFocused()
  await admin.keyboard.press('Escape')
  await expect(disable).toBeFocused()
  await expect(item.locator('.status-chip')).toHaveText('Active')
  await admin.keyboard.press('Enter')
  await expect(yes).toBeFocused()
  await admin.keyboard.press('Enter')
  await expect(item.locator('.status-chip')).toHaveText('Disabled')
  await expect(admin.getByRole('status').filter({ hasText: 'disabled' })).toHaveText(`Coupon ${code} is disabled.`)
  await expect(item.getByRole('button', { name: 'Switch on again' })).toBeFocused()
  await admin.reload()
  await expect(item.locator('.status-chip')).toHaveText('Disabled')

  // a user who has the code is refused
  const user = await signedIn(browser, 868000 + run, '/en/dashboard/subscription', 'en-US')
  await user.getByLabel('Coupon code').fill(code)
  await user.getByRole('button', { name: 'Redeem' }).click()
  await expect(user.getByText('This coupon is no longer active.')).toBeVisible()

  // fa: right to left, the state in Persian
  const fa = await signedIn(browser, E2E_ADMIN_TELEGRAM_ID, '/dashboard/coupons', 'fa-IR')
  await expect(fa.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(fa.getByRole('heading', { level: 1 })).toHaveText('کوپن‌ها')
  const faItem = fa.getByRole('listitem').filter({ has: fa.getByRole('heading', { name: code }) })
  await expect(faItem.locator('.status-chip')).toHaveText('غیرفعال')
  await expect(faItem).toContainText('۵ اعتبار هوش مصنوعی')
  expect(await blockingViolations(fa), 'the page in fa, with its list').toEqual([])
})

test('the coupons page is not found for anyone but an admin', async ({ browser }) => {
  const user = await signedIn(browser, 869000 + run, '/en/dashboard', 'en-US')
  await expect(user.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Coupons' })).toHaveCount(
    0,
  )
  const response = await user.goto('/en/dashboard/coupons')
  expect(response?.status()).toBe(404)
})
