import { randomInt } from 'node:crypto'
import { expect, type Browser, type Page } from '@playwright/test'
import { E2E_BOT_TOKEN } from '../../playwright.config.ts'
import { signTelegramLogin } from './telegram.ts'

/**
 * Headers that make a page a visitor of its own address (198.18.0.0/15, the benchmarking range),
 * which the gateway believes from its loopback peer (TRUST_PROXY's default). The journeys sign in
 * dozens of people a minute from one machine; as one client they would meet the sign-in limit
 * (10 a minute, server/api/rate-limit/limits.ts) and land on /auth?error=telegram.
 */
export function ownClientAddress(): Record<string, string> {
  const n = randomInt(1, 2 ** 17 - 1)
  return { 'x-forwarded-for': `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}` }
}

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
  /** false: a browser with scripts blocked (the page is then never hydrated). */
  javaScriptEnabled = true,
): Promise<Page> {
  const context = await browser.newContext({ locale, extraHTTPHeaders: ownClientAddress(), javaScriptEnabled })
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
  if (javaScriptEnabled) await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  return page
}
