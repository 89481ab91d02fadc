import { expect, test } from '@playwright/test'
import { E2E_BOT_TOKEN, E2E_DATA_DIR } from '../../playwright.config.ts'
import { lastActionLink } from '../helpers/email.ts'
import { ownClientAddress } from '../helpers/signed-in.ts'
import { signTelegramLogin } from '../helpers/telegram.ts'

test.describe('account management (en)', () => {
  test.use({ locale: 'en-US' })

  test('a Telegram user adds e-mail sign-in, unlinks Telegram, then deletes the account', async ({ page }) => {
    const id = 890000 + (Date.now() % 10000)
    const email = `linker-${id}@example.com`
    await page.setExtraHTTPHeaders(ownClientAddress())
    const fields = signTelegramLogin(
      {
        id,
        first_name: 'Bahar',
        last_name: 'L',
        username: `bahar${id}`,
        photo_url: 'https://t.me/i/userpic/320/b.jpg',
        auth_date: Math.floor(Date.now() / 1000),
      },
      E2E_BOT_TOKEN,
    )
    await page.goto(
      `/en/auth?${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]))}&next=${encodeURIComponent('/en/dashboard/account-management')}`,
    )
    await expect(page).toHaveURL(/\/en\/dashboard\/account-management$/)
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    await expect(page.getByText('Your only sign-in method cannot be removed.')).toBeVisible()

    await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill('bahar-secret')
    await page.getByRole('button', { name: 'Link e-mail' }).click()
    await expect(page.getByText('We sent a confirmation link to')).toBeVisible()

    const link = await lastActionLink(E2E_DATA_DIR, email, 'verifyEmail')
    await page.goto(link.pathname + link.search)
    await expect(page.getByRole('heading', { name: 'Your e-mail is confirmed' })).toBeVisible()

    await page.goto('/en/dashboard/account-management')
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill('bahar-secret')
    await page.getByRole('button', { name: 'Link e-mail' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Your e-mail is linked to your account.' })).toBeVisible()
    await expect(page.locator('.method').filter({ hasText: email })).toContainText('Confirmed')

    await page.locator('.method').filter({ hasText: 'Telegram' }).getByRole('button', { name: 'Unlink' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'The sign-in method is removed.' })).toBeVisible()
    await expect(page.locator('.method').filter({ hasText: 'Telegram' })).toContainText('Not linked')

    await page.getByText('Delete account').click()
    const confirm = page.getByRole('button', { name: 'Delete my account' })
    await expect(confirm).toBeDisabled()
    await page.getByLabel('Type “delete” to confirm').fill('delete')
    await confirm.click()
    await page.waitForURL((url) => url.pathname === '/en')
    await expect(page.getByRole('status').filter({ hasText: 'Your account is deleted' })).toBeVisible()
    await page.goto('/en/dashboard')
    await expect(page).toHaveURL(/\/en\/auth\?next=/)

    // the e-mail sign-in went with the account: the same e-mail and password are refused
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill('bahar-secret')
    await page.locator('form').getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toHaveText('Wrong e-mail or password.')
  })
})

test.describe('account management (fa)', () => {
  test.use({ locale: 'fa-IR' })

  test('the linked Telegram account is named as Telegram names it, under its Persian name', async ({ page }) => {
    const id = 900000 + (Date.now() % 10000)
    await page.setExtraHTTPHeaders(ownClientAddress())
    const fields = signTelegramLogin(
      { id, first_name: 'Mina', username: `mina_tg${id}`, auth_date: Math.floor(Date.now() / 1000) },
      E2E_BOT_TOKEN,
    )
    await page.goto(
      `/auth?${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]))}&next=${encodeURIComponent('/dashboard/profile')}`,
    )
    await expect(page).toHaveURL(/\/dashboard\/profile$/)
    await expect(page.locator('html[dir=rtl][data-hydrated]')).toHaveCount(1)
    await page.getByLabel('نام کاربری').fill(`mina_home${id}`)
    await page.getByRole('button', { name: 'ذخیره' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'نمایه‌تان ذخیره شد.' })).toBeVisible()

    await page.goto('/dashboard/account-management')
    const telegram = page.locator('.method').first()
    await expect(telegram.locator('strong')).toHaveText('تلگرام')
    await expect(telegram.locator('p.hint')).toHaveText(`@mina_tg${id}`)
  })
})
