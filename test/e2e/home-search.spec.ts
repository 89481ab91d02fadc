import { expect, test, type Locator, type Page } from '@playwright/test'

/** The home page's search box on a small phone, in each direction. */
const LANGUAGES = [
  {
    prefix: '',
    locale: 'fa-IR',
    dir: 'rtl',
    search: 'جستجو',
    place: 'کشور یا شهر',
    berlin: 'برلین',
    bergen: 'برگن',
    ber: 'بر',
  },
  {
    prefix: '/en',
    locale: 'en-US',
    dir: 'ltr',
    search: 'Search',
    place: 'Country or city',
    berlin: 'Berlin',
    bergen: 'Bergen',
    ber: 'Ber',
  },
] as const

async function openHome(page: Page, language: (typeof LANGUAGES)[number]) {
  await page.goto(`${language.prefix}/`)
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await expect(page.locator('html')).toHaveAttribute('dir', language.dir)
  return page.getByRole('search')
}

/** Whether a tap at the element's centre reaches it (nothing, such as an open list, lies over it). */
async function tapReaches(element: Locator) {
  await element.scrollIntoViewIfNeeded()
  return element.evaluate((el) => {
    const box = el.getBoundingClientRect()
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    return top !== null && el.contains(top)
  })
}

for (const language of LANGUAGES) {
  test.describe(`${language.locale} on a 360 px phone`, () => {
    test.use({ locale: language.locale, viewport: { width: 360, height: 740 } })

    test('the search button stays within reach while the suggestions are open, and searches the typed words', async ({
      page,
    }) => {
      const search = await openHome(page, language)
      const place = search.getByRole('combobox', { name: language.place })
      const button = search.getByRole('button', { name: language.search, exact: true })
      // a beginning several places share: a list long enough to reach down to the button's row
      await place.fill(language.ber)
      const options = search.getByRole('listbox').getByRole('option')
      await expect(options.filter({ hasText: language.bergen })).toBeVisible()
      await expect(place).toHaveAttribute('aria-expanded', 'true')
      await expect(button).toBeVisible()
      expect(await tapReaches(button), 'no suggestion lies over the search button').toBe(true)
      // a plain click: Playwright waits until nothing else would receive it (never forced)
      await button.click({ timeout: 5_000 })
      // the typed words are searched: the places they may mean are offered
      await expect(page).toHaveURL(/\/listings\?/)
      expect(new URL(page.url()).searchParams.get('city')).toBe(language.ber)
      await expect(page.locator('.place-choices').getByRole('link', { name: language.berlin })).toBeVisible()
    })

    test('Escape closes the suggestions, and Enter then searches the typed words', async ({ page }) => {
      const search = await openHome(page, language)
      const place = search.getByRole('combobox', { name: language.place })
      await place.fill(language.berlin)
      await expect(search.getByRole('listbox')).toBeVisible()
      await place.press('Escape')
      await expect(search.getByRole('listbox')).toHaveCount(0)
      await expect(place).toHaveAttribute('aria-expanded', 'false')
      await place.press('Enter')
      await expect(page).toHaveURL(/[?&]city=berlin(&|$)/)
    })
  })
}
