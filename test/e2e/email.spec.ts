import { expect, test } from '@playwright/test'
import { E2E_DATA_DIR } from '../../playwright.config.ts'
import { readOutbox } from '../../server/integrations/outbox.ts'
import { lastActionLink } from '../helpers/email.ts'

const texts = {
  fa: {
    locale: 'fa-IR',
    prefix: '',
    createAccount: 'ساخت حساب',
    firstName: 'نام',
    lastName: 'نام خانوادگی',
    email: 'ایمیل',
    password: 'گذرواژه',
    checkInbox: 'ایمیل خود را تأیید کنید',
    confirmed: 'ایمیل شما تأیید شد',
    signIn: 'ورود',
    profile: 'پروفایل',
    save: 'ذخیره',
    saved: 'نمایه‌تان ذخیره شد.',
    signOut: 'خروج',
    wrong: 'ایمیل یا گذرواژه نادرست است.',
  },
  en: {
    locale: 'en-US',
    prefix: '/en',
    createAccount: 'Create account',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'E-mail',
    password: 'Password',
    checkInbox: 'Confirm your e-mail',
    confirmed: 'Your e-mail is confirmed',
    signIn: 'Sign in',
    profile: 'Profile',
    save: 'Save',
    saved: 'Your profile is saved.',
    signOut: 'Sign out',
    wrong: 'Wrong e-mail or password.',
  },
}

for (const [code, l] of Object.entries(texts)) {
  test.describe(`e-mail sign-up (${code})`, () => {
    test.use({ locale: l.locale })

    test('sign up → verification link from the outbox → dashboard → profile edit → sign out', async ({ page }) => {
      const email = `e2e-${code}-${Date.now()}@example.com`
      await page.goto(`${l.prefix}/auth`)
      await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
      await page.getByRole('button', { name: l.createAccount }).first().click()
      await page.getByLabel(l.firstName, { exact: true }).fill('Roya')
      await page.getByLabel(l.lastName).fill('Ahmadi')
      await page.getByRole('textbox', { name: l.email }).fill(email)
      await page.getByLabel(l.password, { exact: true }).fill('roya-secret')
      await page.locator('form').getByRole('button', { name: l.createAccount }).click()
      await expect(page.getByRole('heading', { name: l.checkInbox })).toBeVisible()

      const link = await lastActionLink(E2E_DATA_DIR, email, 'verifyEmail')
      expect(link.pathname).toBe(`${l.prefix}/auth/action`)
      await page.goto(link.pathname + link.search)
      await expect(page.getByRole('heading', { name: l.confirmed })).toBeVisible()
      await page.locator('.auth-card').getByRole('link', { name: l.signIn }).click()
      await expect(page.getByRole('textbox', { name: l.email })).toHaveValue(email)

      await page.getByLabel(l.password, { exact: true }).fill('not-the-password')
      await page.locator('form').getByRole('button', { name: l.signIn }).click()
      await expect(page.getByRole('alert')).toHaveText(l.wrong)
      await page.getByLabel(l.password, { exact: true }).fill('roya-secret')
      await page.locator('form').getByRole('button', { name: l.signIn }).click()
      await expect(page).toHaveURL(new RegExp(`${l.prefix}/dashboard$`))
      await expect(page.locator('.dashboard-user')).toContainText('Roya')

      await page.goto(`${l.prefix}/dashboard/profile`)
      await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
      await page.getByLabel(l.firstName, { exact: true }).fill('Roya Sadat')
      await page.getByRole('button', { name: l.save }).click()
      await expect(page.getByRole('status').filter({ hasText: l.saved })).toBeVisible()
      await expect(page.locator('.dashboard-user')).toContainText('Roya Sadat')

      if (code === 'en') {
        const phone = `+49151${String(Date.now()).slice(-7)}`
        await page.getByLabel('Mobile number').fill(phone.replace('+49151', '+49 151 '))
        await page.getByRole('button', { name: 'Send a code' }).click()
        await expect(page.getByRole('status').filter({ hasText: 'We sent a 6-digit code by SMS.' })).toBeVisible()
        const sms = (await readOutbox(E2E_DATA_DIR, 'sms', phone)).at(-1)
        const smsCode = /\d{6}/.exec(sms?.text ?? '')?.[0] ?? ''
        await page.getByLabel('Code from the SMS').fill('000000' === smsCode ? '111111' : '000000')
        await page.getByRole('button', { name: 'Verify' }).click()
        await expect(page.getByRole('alert')).toHaveText('That code is not right. Check the SMS and try again.')
        await page.getByLabel('Code from the SMS').fill(smsCode)
        await page.getByRole('button', { name: 'Verify' }).click()
        await expect(page.getByRole('status').filter({ hasText: 'Your phone number is verified.' })).toBeVisible()
      }

      await page.getByRole('button', { name: l.signOut }).click()
      await page.waitForURL((url) => url.pathname === (l.prefix || '/'))
      await page.goto(`${l.prefix}/dashboard`)
      await expect(page).toHaveURL(new RegExp(`${l.prefix}/auth\\?next=`))
    })
  })
}
