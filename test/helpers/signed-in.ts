import { expect, type Browser, type Page } from '@playwright/test'
import { E2E_BOT_TOKEN } from '../../playwright.config.ts'
import { signTelegramLogin } from './telegram.ts'

/**
 * A signed-in page of its own (a fresh context: its own cookies) in the given browser locale,
 * landed on `next` after a Telegram Login Widget sign-in; `firstName` names the account.
 */
export async function signedIn(
  browser: Browser,
  telegramId: number,
  next: string,
  locale: string,
  firstName = `User${telegramId % 1000}`,
): Promise<Page> {
  const context = await browser.newContext({ locale })
  const page = await context.newPage()
  const fields = signTelegramLogin(
    {
      id: telegramId,
      first_name: firstName,
      last_name: 'E',
      username: `u${telegramId}`,
      photo_url: 'https://t.me/i/userpic/320/u.jpg',
      auth_date: Math.floor(Date.now() / 1000),
    },
    E2E_BOT_TOKEN,
  )
  await page.goto(
    `/auth?${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]))}&next=${encodeURIComponent(next)}`,
  )
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/?]/g, '\\$&')}$`))
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  return page
}
