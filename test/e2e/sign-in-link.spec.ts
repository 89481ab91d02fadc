import { expect, test } from '@playwright/test'
import { E2E_DATA_DIR } from '../../playwright.config.ts'
import { lastActionLink } from '../helpers/email.ts'
import { ownClientAddress } from '../helpers/signed-in.ts'

// Strangers guessing from many addresses pause password sign-in for an e-mail; its owner gets in
// by an e-mailed sign-in link, in the browser (docs/decisions/016-email-sign-in.md).
test('en: past the lockout of strangers, the owner signs in with an e-mailed link', async ({ browser, baseURL }) => {
  const email = `owner-${Date.now()}@example.com`
  const password = 'owner-secret'
  const call = async (path: string, data: object, address = ownClientAddress()) => {
    const context = await browser.newContext({ extraHTTPHeaders: { origin: baseURL!, ...address } })
    const res = await context.request.post(`${baseURL}/api/v1${path}`, { data })
    await context.close()
    return res.status()
  }
  expect(await call('/identity/sign-up', { email, password, display_name: 'Parisa', language: 'en' })).toBe(201)
  const verify = await lastActionLink(E2E_DATA_DIR, email, 'verifyEmail')
  expect(
    await call('/identity/apply-code', { mode: 'verifyEmail', oob_code: verify.searchParams.get('oobCode') }),
  ).toBe(200)
  // eleven strangers, five wrong passwords each: past the e-mail's ceiling
  const refusals: number[] = []
  for (let stranger = 0; stranger < 11; stranger++) {
    const address = ownClientAddress()
    for (let i = 0; i < 5; i++) refusals.push(await call('/identity/sign-in', { email, password: 'guess' }, address))
  }
  expect(refusals.filter((status) => status === 429).length).toBeGreaterThan(0)

  const context = await browser.newContext({ locale: 'en-US', extraHTTPHeaders: ownClientAddress() })
  const page = await context.newPage()
  await page.goto('/en/auth')
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.locator('form').getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toContainText('Too many failed attempts')
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click()
  await expect(page.getByRole('status')).toContainText('a sign-in link is on its way')

  const link = await lastActionLink(E2E_DATA_DIR, email, 'signIn')
  await page.goto(link.pathname + link.search)
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible()
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await page.locator('.auth-card').getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/en\/dashboard$/)
  await expect(page.locator('.dashboard-user')).toContainText('Parisa')
  await context.close()
})
