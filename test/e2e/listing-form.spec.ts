import { expect, test } from '@playwright/test'
import { signedIn } from '../helpers/signed-in.ts'

const LATIN_DIGIT = /[0-9]/

test('fa, 360 px: the new listing form says "contact" for the owner\'s contact, in Persian digits, and its sticky buttons leave no strip of the form below them', async ({
  browser,
}) => {
  const page = await signedIn(browser, 883000 + (Date.now() % 100000), '/dashboard/listings/create', 'fa-IR')
  await page.setViewportSize({ width: 360, height: 740 })
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')

  // not the footer's «تماس با ما» ("Contact us"): the section is another message with the same English
  const contact = page
    .locator('.listing-form fieldset')
    .filter({ has: page.locator('input[dir="ltr"][maxlength="200"]') })
  await expect(contact.locator('legend')).toHaveText('راه تماس')

  // sizes and limits in the reader's digits ("۱۵ مگابایت", never "15 MB")
  const photoHint = page.locator('.photo-uploader .hint').first()
  await expect(photoHint).toContainText('۱۵ مگابایت')
  for (const hint of await page.locator('.listing-form .hint').allInnerTexts())
    expect(hint, 'a hint of the form').not.toMatch(LATIN_DIGIT)

  // the bar is stuck to the pane's bottom edge: the last pixels of the screen are the bar, not the form
  const actions = page.locator('.listing-form .form-actions')
  await expect(actions.getByRole('button', { name: 'ارسال برای بررسی' })).toBeVisible()
  const under = await page.evaluate(() => {
    const y = window.innerHeight - 3
    return [60, 180, 300].map((x) => Boolean(document.elementFromPoint(x, y)?.closest('.form-actions')))
  })
  expect(under, 'the bar at the bottom of the screen, across its width').toEqual([true, true, true])
})

test('fa: the sign-up form asks for a password of "۶" characters, not "6"', async ({ page }) => {
  await page.goto('/auth')
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await page.locator('.segmented').getByRole('button', { name: 'ساخت حساب' }).click()
  await expect(page.getByText('دست‌کم ۶ نویسه.')).toBeVisible()
})

test('en: a free account may keep one saved search, and the page says "1 saved-search alert"', async ({ browser }) => {
  const page = await signedIn(browser, 884000 + (Date.now() % 100000), '/en/dashboard/subscription', 'en-US')
  await expect(page.getByText('Up to 1 saved-search alert.')).toBeVisible()
  await expect(page.getByText(/saved-search alerts/)).toHaveCount(0)
})
