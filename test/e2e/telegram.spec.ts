import { expect, test } from '@playwright/test'
import { E2E_BOT_TOKEN } from '../../playwright.config.ts'
import { ownClientAddress } from '../helpers/signed-in.ts'
import { signTelegramLogin } from '../helpers/telegram.ts'

for (const { locale, prefix, name, signOut } of [
  { locale: 'fa-IR', prefix: '', name: 'Shirin', signOut: 'خروج' },
  { locale: 'en-US', prefix: '/en', name: 'Darius', signOut: 'Sign out' },
]) {
  test.describe(`Telegram sign-in (${locale})`, () => {
    test.use({ locale })

    test('a signed callback signs in to the dashboard; sign-out ends the session', async ({ page }) => {
      await page.setExtraHTTPHeaders(ownClientAddress())
      const fields = signTelegramLogin(
        {
          id: 880000 + name.length,
          first_name: name,
          last_name: 'T',
          username: name.toLowerCase(),
          photo_url: 'https://t.me/i/userpic/320/x.jpg',
          auth_date: Math.floor(Date.now() / 1000),
        },
        E2E_BOT_TOKEN,
      )
      const query = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]))
      await page.goto(`${prefix}/auth?${query}`)
      await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard$`))
      await expect(page.locator('.dashboard-user')).toContainText(name)
      const cookies = await page.context().cookies()
      const session = cookies.find((c) => c.name === 'khaneh_at')
      expect(session?.httpOnly, 'the token is in an httpOnly cookie').toBe(true)
      expect(await page.evaluate(() => document.cookie)).not.toContain('khaneh_at')

      await page.goto(`${prefix}/listings`)
      await expect(page.locator('.header-actions a.button')).toHaveAttribute('href', `${prefix}/dashboard`)
      await page.goto(`${prefix}/dashboard`)
      await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
      await page.getByRole('button', { name: signOut }).click()
      await page.waitForURL((url) => url.pathname === (prefix || '/'))
      await expect(page.locator('.header-actions a.button')).toHaveAttribute('href', `${prefix}/auth`)
      await page.goto(`${prefix}/dashboard`)
      await expect(page).toHaveURL(new RegExp(`${prefix}/auth\\?next=`))
    })
  })
}

test.describe('profile (en)', () => {
  test.use({ locale: 'en-US' })

  test('a signed-in user edits the profile; a bad username shows its field error', async ({ page }) => {
    await page.setExtraHTTPHeaders(ownClientAddress())
    const fields = signTelegramLogin(
      {
        id: 881234,
        first_name: 'Kaveh',
        last_name: 'M',
        username: 'kaveh',
        photo_url: 'https://t.me/i/userpic/320/k.jpg',
        auth_date: Math.floor(Date.now() / 1000),
      },
      E2E_BOT_TOKEN,
    )
    await page.goto(
      `/en/auth?${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]))}&next=${encodeURIComponent('/en/dashboard/profile')}`,
    )
    await expect(page).toHaveURL(/\/en\/dashboard\/profile$/)
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    await page.getByLabel('Username').fill('a b')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Use 3 to 32 letters, digits or _.')).toBeVisible()
    await page.getByLabel('Username').fill('kaveh_m')
    await page.getByLabel('First name').fill('Kaveh Jr')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Your profile is saved.' })).toBeVisible()
    await page.reload()
    await expect(page.getByLabel('First name')).toHaveValue('Kaveh Jr')
    await expect(page.locator('.dashboard-user')).toContainText('Kaveh Jr')
  })
})

test.describe('Telegram sign-in without the optional fields (fa)', () => {
  test.use({ locale: 'fa-IR' })

  test('a redirect without last name, username or photo signs in', async ({ page }) => {
    await page.setExtraHTTPHeaders(ownClientAddress())
    const fields = signTelegramLogin(
      { id: 882000 + (Date.now() % 1000), first_name: 'Parvin', auth_date: Math.floor(Date.now() / 1000) },
      E2E_BOT_TOKEN,
    )
    await page.goto(`/auth?${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]))}`)
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.locator('.dashboard-user')).toContainText('Parvin')
  })

  test('a refused redirect says why, in Persian', async ({ page }) => {
    await page.setExtraHTTPHeaders(ownClientAddress())
    const fields = signTelegramLogin(
      { id: 883000 + (Date.now() % 1000), first_name: 'Parvin', auth_date: Math.floor(Date.now() / 1000) - 3 * 86400 },
      E2E_BOT_TOKEN,
    )
    await page.goto(`/auth?${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]))}`)
    await expect(page).toHaveURL(/\/auth\?error=telegram&reason=stale$/)
    await expect(page.getByRole('alert')).toContainText('اطلاعات ورود بیش از یک روز پیش صادر شده است.')
  })

  test('where telegram.org cannot be reached, the widget’s box says so and points to e-mail', async ({ page }) => {
    await page.route('https://telegram.org/**', (route) => route.abort('connectionrefused'))
    await page.goto('/auth')
    await expect(page.locator('html[dir=rtl][data-hydrated]')).toHaveCount(1)
    const card = page.locator('.telegram-card')
    await expect(card.locator('.telegram-unreachable')).toHaveText(
      'اکنون از این‌جا به تلگرام دسترسی نیست. به‌جای آن با ایمیل‌تان وارد شوید.',
    )
  })

  test('where the widget’s script arrives, no such message', async ({ page }) => {
    let served = false
    await page.route('https://telegram.org/**', (route) => {
      served = true
      return route.fulfill({ contentType: 'text/javascript', body: '/* the widget */' })
    })
    await page.clock.install()
    await page.goto('/auth')
    await expect(page.locator('html[dir=rtl][data-hydrated]')).toHaveCount(1)
    await expect.poll(() => served).toBe(true)
    // past the time the box waits for the script: a script that arrived is no failure
    await page.clock.runFor(30_000)
    await expect(page.locator('.telegram-card .telegram-login')).not.toHaveAttribute('hidden')
    await expect(page.locator('.telegram-card .telegram-unreachable')).toHaveCount(0)
  })
})
