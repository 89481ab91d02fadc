import { expect, test } from '@playwright/test'
import { signedIn } from '../helpers/signed-in.ts'

const run = Date.now() % 100000

// The demo seed (server/api/db/seed, a fixed random seed) has three private rooms in Berlin at up to
// €900 (€670, €800, €900) and none under €600; five private rooms under €600 elsewhere in Germany.

test('fa: a reader searches in Persian, sees the understood chips, results and credits, removes a chip and spends the sign-up credits', async ({
  browser,
}) => {
  const page = await signedIn(browser, 930000 + run, '/listings', 'fa-IR')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  const panel = page.getByRole('region', { name: 'به زبان خودتان جست‌وجو کنید' })
  const box = panel.getByRole('textbox', { name: 'خانه‌ای را که دنبالش هستید توصیف کنید' })
  await expect(box).toHaveAttribute('placeholder', 'مثلاً: اتاق در برلین زیر ۶۰۰ یورو از فروردین')
  await expect(panel.getByRole('status')).toHaveCount(0)

  await box.fill('اتاق در برلین زیر ۹۰۰ یورو')
  await box.press('Enter')
  const berlin = panel.getByRole('button', { name: 'حذف «برلین» و جست‌وجوی دوباره (یک اعتبار)' })
  // fa shows rents in rials, with Persian digits (formatRent)
  const price = panel.getByRole('button', { name: /^حذف «تا [۰-۹٬]+ ریال» و جست‌وجوی دوباره/ })
  await expect(berlin).toBeVisible()
  await expect(price).toBeVisible()
  await expect(panel.getByRole('button', { name: /^حذف «اتاق خصوصی»/ })).toBeVisible()
  await expect(berlin.locator('bdi')).toHaveText('برلین')
  await expect(panel.locator('.ai-insights li').first()).toContainText('آگهی با جستجوی شما جور است')
  await expect(panel.getByRole('heading', { name: 'اتاق خصوصی در برلین' }).first()).toBeVisible()
  await expect(panel.getByRole('status')).toHaveText('۲ اعتبار هوش مصنوعی باقی مانده')
  await expect(panel.getByRole('link', { name: 'نمایش این فیلترها در جست‌وجوی کامل' })).toHaveAttribute(
    'href',
    '/listings?country=DE&city=berlin&type=private_room&max_price=900',
  )

  // the chip goes; the query runs again with the chips that are left, for one more credit
  await price.click()
  await expect(price).toHaveCount(0)
  await expect(berlin).toBeVisible()
  await expect(panel.getByRole('status')).toHaveText('۱ اعتبار هوش مصنوعی باقی مانده')
  await expect(panel.getByRole('link', { name: 'نمایش این فیلترها در جست‌وجوی کامل' })).toHaveAttribute(
    'href',
    '/listings?country=DE&city=berlin&type=private_room',
  )

  // a one-click refinement spends the last sign-up credit; then the upgrade link
  await panel.getByRole('button', { name: 'همهٔ آلمان' }).click()
  await expect(panel.getByRole('button', { name: 'حذف «آلمان» و جست‌وجوی دوباره (یک اعتبار)' })).toBeVisible()
  await expect(berlin).toHaveCount(0)
  await expect(panel.getByRole('status')).toHaveText(/همهٔ اعتبارهای هوش مصنوعی‌تان را استفاده کرده‌اید/)
  await expect(panel.getByRole('link', { name: 'دریافت اعتبار بیشتر' })).toHaveAttribute('href', '/pricing')
  await expect(panel.getByRole('button', { name: /جست‌وجو با هوش مصنوعی/ })).toBeDisabled()
})

test('de: a guest is offered sign-in; a reader gets a translated error, an empty answer with refinements, then German insights and fit scores', async ({
  browser,
}) => {
  const guest = await browser.newPage({ locale: 'de-DE' })
  await guest.goto('/de/listings?city=berlin')
  await expect(guest.getByRole('link', { name: 'Melde dich an, um mit KI zu suchen' })).toHaveAttribute(
    'href',
    `/de/auth?next=${encodeURIComponent('/de/listings?city=berlin')}`,
  )
  await guest.close()

  const page = await signedIn(browser, 940000 + run, '/de/listings', 'de-DE')
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
  const panel = page.getByRole('region', { name: 'Suche in deinen eigenen Worten' })
  const box = panel.getByRole('textbox', { name: 'Beschreibe das Zuhause, das du suchst' })
  const submit = panel.getByRole('button', { name: 'Mit KI suchen (1 KI-Credit)' })

  // nothing typed: said at once, no call made
  await submit.click()
  await expect(panel.getByRole('alert')).toHaveText(
    'Beschreibe zuerst, was du suchst, zum Beispiel eine Stadt und ein Budget.',
  )
  await expect(box).toHaveAttribute('aria-invalid', 'true')

  // the AI service failing once: a translated message, nothing else changes
  await page.route('**/api/v1/ai/search', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, data: null, error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } }),
    }),
  )
  await box.fill('Zimmer in Berlin unter 600 €')
  await box.press('Enter')
  await expect(panel.getByRole('alert')).toHaveText(
    'Die KI-Suche ist gerade nicht verfügbar. Es wurde kein Credit verbraucht; versuch es gleich noch einmal.',
  )
  await page.unroute('**/api/v1/ai/search')

  // stored preferences make the answer rank by fit (PUT /ai/preferences, as the preferences page saves them)
  const saved = await page.evaluate(async () => {
    const res = await fetch('/api/v1/ai/preferences', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ budget_max: 600, cities: ['berlin'], type: 'private_room' }),
    })
    return res.status
  })
  expect(saved).toBe(200)

  await submit.click()
  await expect(panel.getByRole('alert')).toHaveCount(0)
  await expect(panel.getByRole('button', { name: '„Berlin“ entfernen und neu suchen (1 KI-Credit)' })).toBeVisible()
  await expect(panel.getByRole('button', { name: /^„bis 600\s€“ entfernen/ })).toBeVisible()
  await expect(panel.getByRole('button', { name: /^„Privatzimmer“ entfernen/ })).toBeVisible()
  await expect(
    panel.getByText('Noch passt kein Inserat zu allem. Mit einer dieser Änderungen findest du vielleicht etwas:'),
  ).toBeVisible()
  await expect(panel.locator('.listing-card')).toHaveCount(0)
  await expect(panel.getByRole('status')).toHaveText('Noch 2 KI-Credits')

  await panel.getByRole('button', { name: 'Überall in Deutschland' }).click()
  await expect(panel.getByRole('button', { name: /^„Deutschland“ entfernen/ })).toBeVisible()
  const insights = panel.locator('.ai-insights')
  await expect(insights).toContainText('Inserate passen zu deiner Suche.')
  await expect(insights).toContainText('Das günstigste kostet')
  await expect(insights).toContainText('der gezeigten passen gut zu deinen Vorlieben.')
  await expect(panel.locator('.listing-card').first()).toBeVisible()
  await expect(panel.locator('.ai-fit').first()).toHaveText(/^\d+ % passend zu deinen Vorlieben$/)
  await expect(panel.getByRole('status')).toHaveText('Noch 1 KI-Credit')
})
