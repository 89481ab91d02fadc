import { expect, test } from '@playwright/test'
import { E2E_DATA_DIR } from '../../playwright.config.ts'
import { readOutbox } from '../../server/integrations/outbox.ts'

// The language cookie follows the browser's language, and a page in another language moves to it: each journey
// runs in the language of its pages.
test.describe('in Persian', () => {
  test.use({ locale: 'fa-IR' })

  test('content pages: server-rendered, and reached by client navigation with their head', async ({ page }) => {
    await page.goto('/safety-guide')
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('اجارهٔ امن از خارج از کشور')
    await expect(page).toHaveTitle(/اجارهٔ امن از خارج از کشور/)

    // the footer's FAQ link navigates in the document, and the page's head follows
    await page.evaluate(() => Object.assign(window, { khanehSameDocument: true }))
    await page.locator('footer').getByRole('link', { name: 'پرسش‌های پرتکرار' }).click()
    await expect(page).toHaveURL(/\/faq$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('پرسش‌های پرتکرار')
    await expect(page).toHaveTitle(/پرسش‌های پرتکرار/)
    expect(await page.evaluate(() => 'khanehSameDocument' in window)).toBe(true)
  })
})

test.describe('in English', () => {
  test.use({ locale: 'en-US' })

  test('content pages: the privacy policy, and a real 404 for an unknown page', async ({ page }) => {
    const en = await page.goto('/en/privacy-policy')
    expect(en?.status()).toBe(200)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy')
    await expect(page.getByRole('heading', { name: 'Your rights' })).toBeVisible()
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /GDPR/)

    const missing = await page.goto('/en/no-such-page')
    expect(missing?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
  })

  test('the contact form: errors under the fields, then sent, stored and mailed, with a thank-you', async ({
    page,
  }) => {
    await page.goto('/en/contact-us')
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    await page.getByRole('button', { name: 'Send message' }).click()
    const name = page.getByLabel('Your name')
    await expect(name).toBeFocused()
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('Enter a valid e-mail address, so we can answer you.')).toBeVisible()

    const subject = `Deposit question ${Date.now()}`
    // by keyboard, as someone without a mouse would
    await name.fill('Maryam Karimi')
    await page.keyboard.press('Tab')
    await page.keyboard.type('maryam.e2e@example.test')
    await page.keyboard.press('Tab')
    await page.keyboard.type(subject)
    await page.keyboard.press('Tab')
    await page.keyboard.type('The landlord asks for a deposit before the viewing. Is that normal?')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab') // past the privacy-policy link
    await expect(page.getByRole('button', { name: 'Send message' })).toBeFocused()
    await page.keyboard.press('Enter')

    await expect(page.getByRole('status')).toContainText('Thank you, your message has arrived')
    await expect
      .poll(async () =>
        (await readOutbox(E2E_DATA_DIR, 'mail', 'contact@khaneh.local')).some((mail) =>
          (mail.subject ?? '').includes(subject),
        ),
      )
      .toBe(true)
  })
})
