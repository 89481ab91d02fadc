import { expect, test, type Page } from '@playwright/test'
import { LOCALE_COOKIE } from '../../shared/locales.ts'

/** The rule as the product states it: on load, after 500 ms (written here, not imported: the journey checks the rule, not the code's constant). */
const RULE_MS = 500
/** Extra time past the rule's 500 ms before "no redirect" is believed: a late timer still lands inside it. */
const MARGIN_MS = 300

/** When the page hydrated, on its clock (client/features/layout/root.tsx marks it). */
async function hydratedAt(page: Page): Promise<number> {
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  return page.evaluate(() => performance.getEntriesByName('hydrated')[0]!.startTime)
}

/**
 * The page has hydrated, the rule's 500 ms (and a margin) have passed since by the page's own clock, and
 * the page says its language is settled: a redirect the rule makes has been made by then, so a page
 * still at its address was kept there by the rule, not by a check made too early.
 */
async function settled(page: Page) {
  const hydrated = await hydratedAt(page)
  await page.waitForFunction((until) => performance.now() >= until, hydrated + RULE_MS + MARGIN_MS)
  await expect(page.locator('html[data-locale-settled]')).toHaveCount(1)
}

/**
 * The redirect to `language` was made, and began no sooner than the rule's 500 ms after hydration. It
 * begins with a request (the new language's catalogs, then the page's data), timed on the page's clock
 * (Resource Timing); a page that stays asks for nothing in that time. The address itself changes only
 * once the new page's data has come, later still, so it cannot tell when the redirect began.
 */
async function redirectedAfterTheDelay(page: Page, language: string) {
  const hydrated = await hydratedAt(page)
  await expect(page.locator('html')).toHaveAttribute('lang', language)
  const began = await page.evaluate(
    (after) =>
      Math.min(
        ...performance
          .getEntriesByType('resource')
          .filter((e) => ['script', 'fetch'].includes((e as PerformanceResourceTiming).initiatorType))
          .map((e) => e.startTime)
          .filter((time) => time >= after),
      ),
    hydrated,
  )
  expect(began, 'the redirect asked for something').toBeLessThan(Infinity)
  expect(began - hydrated, 'not before 500 ms from the page being ready').toBeGreaterThanOrEqual(RULE_MS - 5)
}

/** A person's browser: Playwright's own says HeadlessChrome, which the site treats as a crawler (never redirected). */
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'

async function storedLocale(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === LOCALE_COOKIE)?.value
}

test.describe('a German browser', () => {
  test.use({ locale: 'de-DE', userAgent: CHROME })

  test('is sent to the German page 500 ms after a first visit to a Persian (unprefixed) one, query and hash kept', async ({
    page,
  }) => {
    await page.goto('/listings?city=berlin#results')
    await expect(page).toHaveURL(/\/de\/listings\?city=berlin#results$/, { timeout: 5_000 })
    await redirectedAfterTheDelay(page, 'de')
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  })

  test('is never redirected on /auth/ paths', async ({ page }) => {
    await page.goto('/auth/action?mode=verifyEmail')
    await settled(page)
    expect(new URL(page.url()).pathname).toBe('/auth/action')
    expect(await storedLocale(page), 'a German browser, so only the /auth/ rule keeps it here').toBe('de')
  })

  test('keeps a language chosen by hand for the rest of the session', async ({ page }) => {
    await page.goto('/de/listings')
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    await page.locator('.lang-switcher summary').click()
    await page.getByRole('link', { name: 'فارسی' }).click()
    // '/de/listings' also ends in /listings: wait for the Persian address itself
    await page.waitForURL((url) => url.pathname === '/listings')
    await page.reload()
    await settled(page)
    expect(new URL(page.url()).pathname).toBe('/listings')
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  })

  test('with a stored choice of Italian, is sent from an English page to the Italian one', async ({ page }) => {
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: 'it', url: test.info().project.use.baseURL! }])
    await page.goto('/en/listings?country=DE#x')
    await settled(page)
    expect(page.url()).toMatch(/\/it\/listings\?country=DE#x$/)
    await redirectedAfterTheDelay(page, 'it')
    await expect(page.locator('html')).toHaveAttribute('lang', 'it')
  })
})

test.describe('a first visit to a prefixed address keeps its language', () => {
  test.describe('a French browser (none of the six)', () => {
    test.use({ locale: 'fr-FR', userAgent: CHROME })

    test('on /en/listings?country=DE#x stays in English and stores it', async ({ page }) => {
      await page.goto('/en/listings?country=DE#x')
      await settled(page)
      expect(page.url()).toMatch(/\/en\/listings\?country=DE#x$/)
      await expect(page.locator('html')).toHaveAttribute('lang', 'en')
      expect(await storedLocale(page)).toBe('en')
    })

    test('on /de/auth stays on the German sign-in page', async ({ page }) => {
      await page.goto('/de/auth')
      await settled(page)
      expect(new URL(page.url()).pathname).toBe('/de/auth')
      expect(await storedLocale(page)).toBe('de')
    })

    test('on an unprefixed address stays in Persian, the fallback', async ({ page }) => {
      await page.goto('/listings')
      await settled(page)
      expect(new URL(page.url()).pathname).toBe('/listings')
      expect(await storedLocale(page)).toBe('fa')
    })
  })

  test.describe('a Persian browser', () => {
    test.use({ locale: 'fa-IR', userAgent: CHROME })

    test('following an English link reads English', async ({ page }) => {
      await page.goto('/en/pricing')
      await settled(page)
      expect(new URL(page.url()).pathname).toBe('/en/pricing')
      await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    })
  })
})

test.describe('a crawler', () => {
  test.use({
    locale: 'de-DE',
    userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  })

  test('is never redirected, whatever its languages', async ({ page }) => {
    await page.goto('/listings')
    await settled(page)
    expect(new URL(page.url()).pathname).toBe('/listings')
    expect(await storedLocale(page)).toBeUndefined()
  })
})
