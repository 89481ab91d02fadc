import { expect, test, type Page } from '@playwright/test'
import { E2E_BOT_TOKEN } from '../../playwright.config.ts'
import { ownClientAddress } from '../helpers/signed-in.ts'
import { signTelegramLogin } from '../helpers/telegram.ts'

/** The query the Telegram widget appends to the sign-in page's address it was given. */
function telegramFields(id: number): string {
  const fields = signTelegramLogin(
    { id, first_name: 'Shirin', username: 'shirin', auth_date: Math.floor(Date.now() / 1000) },
    E2E_BOT_TOKEN,
  )
  return new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString()
}

async function signInOn(page: Page, url: string, id: number) {
  await page.goto(`${url}${url.includes('?') ? '&' : '?'}${telegramFields(id)}`)
}

test.use({ locale: 'en-US' })

test('a session ended elsewhere: the next signed-in call asks to sign in again, and signing in returns to the page', async ({
  page,
}) => {
  await page.setExtraHTTPHeaders(ownClientAddress())
  const id = 898000 + (Date.now() % 1000)
  await signInOn(page, `/en/auth?next=${encodeURIComponent('/en/listings?page=2')}`, id)
  await expect(page).toHaveURL(/\/en\/listings\?page=2$/)
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)

  // signed out meanwhile (another tab, an expired session): the session cookies are gone
  const cookies = await page.context().cookies()
  await page.context().clearCookies()
  await page.context().addCookies(cookies.filter((c) => !c.name.includes('khaneh_')))

  await page.locator('.listing-card').first().getByRole('button', { name: 'Save to favorites' }).click()
  await expect(page).toHaveURL(/\/en\/auth\?/)
  const asked = new URL(page.url())
  expect(asked.searchParams.get('login')).toBe('required')
  expect(asked.searchParams.get('next')).toBe('/en/listings?page=2')
  await expect(page.getByText('Please sign in to continue.')).toBeVisible()

  // the Telegram widget signs in on this very address: back to the page the reader was on
  await signInOn(page, `${asked.pathname}${asked.search}`, id)
  await expect(page).toHaveURL(/\/en\/listings\?page=2$/)
})
