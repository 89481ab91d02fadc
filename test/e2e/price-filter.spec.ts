import { expect, test } from '@playwright/test'

test.use({ locale: 'fa-IR' })

const persianDigits = (text: string) => text.replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
/** The rial amount a fa card shows ("۴۸٬۰۰۰٬۰۰۰ ریال / ماه" → 48000000). */
const rialsOf = (text: string) => Number(persianDigits(/([۰-۹٬]+)\s*ریال/.exec(text)![1]!).replace(/٬/g, ''))

test('fa: the price filter is in rials; a range typed in Persian digits finds the listings whose cards show rents in it', async ({
  page,
}) => {
  await page.goto('/listings')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  const openFilters = () => page.locator('details.filters').evaluate((d: HTMLDetailsElement) => (d.open = true))
  await openFilters()
  const range = page.locator('fieldset.price-range')
  await expect(range.locator('legend')).toHaveText('اجاره ماهانه (ریال)')
  const min = range.getByRole('textbox', { name: 'حداقل اجاره (ریال)' })
  const max = range.getByRole('textbox', { name: 'حداکثر اجاره (ریال)' })
  await expect(min).toHaveAttribute('placeholder', 'حداقل (ریال)')
  await expect(max).toHaveAttribute('placeholder', 'حداکثر (ریال)')

  // 30 to 60 million rials: rooms in Berlin (€500–€1,000 at 60 000 rials per euro) and in Mashhad (rials as they are)
  await min.fill('۳۰٬۰۰۰٬۰۰۰')
  await max.fill('۶۰۰۰۰۰۰۰')
  await page.locator('form.filters-form button[type="submit"]').click()
  await expect(page).toHaveURL(/[?&]min_price=30000000(&|$)/)
  await expect(page).toHaveURL(/[?&]max_price=60000000(&|$)/)
  await expect(page).toHaveURL(/[?&]price_currency=IRR(&|$)/)

  const prices = page.locator('article.listing-card .listing-card-price')
  await expect(async () => {
    const texts = await prices.allTextContents()
    expect(texts.length).toBeGreaterThan(0)
    for (const text of texts) {
      const rials = rialsOf(text)
      expect(rials, text).toBeGreaterThanOrEqual(30_000_000)
      expect(rials, text).toBeLessThanOrEqual(60_000_000)
    }
  }).toPass()

  // the filter shows what was asked, in Persian digits, still in rials; the shared address means the same
  await openFilters()
  await expect(min).toHaveValue('۳۰٬۰۰۰٬۰۰۰')
  await expect(max).toHaveValue('۶۰٬۰۰۰٬۰۰۰')
  const shown = await page.locator('.results-count').textContent()
  const shared = await page.context().newPage()
  await shared.goto(page.url())
  await expect(shared.locator('.results-count')).toHaveText(shown!)
})
