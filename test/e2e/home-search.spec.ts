import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from '@playwright/test'

/** The home page's search box on a small phone, in each direction. */
const LANGUAGES = [
  {
    prefix: '',
    locale: 'fa-IR',
    dir: 'rtl',
    search: 'جستجو',
    place: 'کشور یا شهر',
    germany: 'آلمان',
    berlin: 'برلین',
    bergen: 'برگن',
    ber: 'بر',
    cityInGermany: 'شهری در آلمان',
    removeGermany: 'حذف آلمان',
  },
  {
    prefix: '/en',
    locale: 'en-US',
    dir: 'ltr',
    search: 'Search',
    place: 'Country or city',
    germany: 'Germany',
    berlin: 'Berlin',
    bergen: 'Bergen',
    ber: 'Ber',
    cityInGermany: 'City in Germany',
    removeGermany: 'Remove Germany',
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

    test('after a country is picked, typing searches its cities, and the country can be removed', async ({ page }) => {
      const search = await openHome(page, language)
      // the box's name tells what it asks for, the country or a city of the country picked
      const box = search.locator('input[role="combobox"]')
      const options = search.getByRole('listbox').getByRole('option')
      await box.fill(language.germany)
      await options.filter({ hasText: language.germany }).first().click()
      await box.fill(language.ber)
      await expect(options.filter({ hasText: language.berlin })).toBeVisible()
      for (const text of await options.allTextContents()) {
        expect(text, 'every suggestion is in Germany').toContain(language.germany)
        expect(text).not.toContain(language.bergen)
      }
      // the country stays in sight beside the box, which now asks for one of its cities
      const remove = search.getByRole('button', { name: language.removeGermany })
      await expect(remove).toBeVisible()
      await expect(search.getByRole('combobox', { name: language.cityInGermany })).toHaveValue(language.ber)
      expect(await tapReaches(search.getByRole('button', { name: language.search, exact: true }))).toBe(true)
      // the box with its chip and open list: no serious or critical WCAG 2.1 A/AA violation (axe-core)
      const { violations } = await new AxeBuilder({ page })
        .include('[role="search"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze()
      const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])

      // removed with its button (the focus returns to the box), or with Backspace in the empty box
      await remove.click()
      await expect(remove).toHaveCount(0)
      await expect(search.getByRole('combobox', { name: language.place })).toBeFocused()
      await box.fill(language.germany)
      await expect(options.first()).toContainText(language.germany)
      await box.press('Enter')
      await expect(remove).toBeVisible()
      await expect(box).toHaveValue('')
      await box.press('Backspace')
      await expect(remove).toHaveCount(0)
      await expect(box).toBeFocused()

      // Germany, then Berlin, chosen with the keyboard: the search is Berlin's
      await box.fill(language.germany)
      await expect(options.first()).toContainText(language.germany)
      await box.press('Enter')
      await box.fill(language.ber)
      await expect(options.filter({ hasText: language.berlin })).toBeVisible()
      const berlin = await options.evaluateAll(
        (all, name) => all.findIndex((option) => option.textContent?.includes(name)),
        language.berlin,
      )
      for (let i = 0; i < berlin; i++) await box.press('ArrowDown')
      await box.press('Enter')
      await expect(box).toHaveValue(language.berlin)
      await box.press('Enter')
      await expect(page).toHaveURL(/\/listings\?(.*&)?country=DE(&|$)/)
      await expect(page).toHaveURL(/[?&]city=berlin(&|$)/)
    })
  })
}
