import { expect, test, type Page } from '@playwright/test'

/** What a reader of each language types, and how the results name the place. */
const LANGUAGES = [
  {
    prefix: '',
    dir: 'rtl',
    search: 'جستجو',
    filters: 'فیلترها',
    show: 'نمایش نتایج',
    germany: 'آلمان',
    tehran: 'تهران',
    berlin: 'برلین',
  },
  {
    prefix: '/en',
    dir: 'ltr',
    search: 'Search',
    filters: 'Filters',
    show: 'Show results',
    germany: 'Germany',
    tehran: 'Tehran',
    berlin: 'Berlin',
  },
] as const
type Language = (typeof LANGUAGES)[number]

/** The words typed into a place box, and where they lead. */
const TYPED = [
  { words: 'تهران', country: 'IR', city: 'tehran', shown: (l: Language) => l.tehran },
  { words: 'برلین', country: 'DE', city: 'berlin', shown: (l: Language) => l.berlin },
  { words: 'آلمان', country: 'DE', city: undefined, shown: (l: Language) => l.germany },
  { words: 'Germany', country: 'DE', city: undefined, shown: (l: Language) => l.germany },
]

async function open(page: Page, path: string) {
  await page.goto(path)
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
}

/** Types the words into the home page's search box, picks nothing, and searches. */
async function searchFromHome(page: Page, language: Language, words: string) {
  await open(page, `${language.prefix}/`)
  await expect(page.locator('html')).toHaveAttribute('dir', language.dir)
  const search = page.getByRole('search')
  await search.locator('input[role="combobox"]').fill(words)
  await search.getByRole('button', { name: language.search, exact: true }).click()
}

/** Types the words into the listings page's city filter, picks nothing, and shows the results. */
async function searchFromFilters(page: Page, language: Language, words: string, country = '') {
  await open(page, `${language.prefix}/listings`)
  await page.getByText(language.filters, { exact: true }).click()
  const filters = page.locator('form.filters-form')
  await filters.locator('select[name="country"]').selectOption(country)
  await filters.locator('input[role="combobox"]').fill(words)
  await filters.getByRole('button', { name: language.show, exact: true }).click()
}

/** The place's own URL, its listings only, and the filter showing it. */
async function expectResults(page: Page, place: (typeof TYPED)[number], language: Language) {
  const url = new RegExp(`/listings\\?(.*&)?country=${place.country}(&|$)`)
  await expect(page).toHaveURL(url)
  if (place.city) await expect(page).toHaveURL(new RegExp(`[?&]city=${place.city}(&|$)`))
  else expect(new URL(page.url()).searchParams.has('city'), 'a country is no city').toBe(false)
  const shown = place.shown(language)
  if (place.city) await expect(page.getByRole('heading', { level: 1 })).toContainText(shown)
  const cards = page.locator('article.listing-card')
  await expect(async () => {
    const texts = await cards.allTextContents()
    expect(texts.length).toBeGreaterThan(0)
    for (const text of texts) expect(text).toContain(shown)
  }).toPass()
  await expect(page.locator('select[name="country"]')).toHaveValue(place.country)
}

for (const language of LANGUAGES) {
  test.describe(`${language.prefix ? 'an English' : 'a Persian'} reader`, () => {
    test.use({ locale: language.prefix ? 'en-US' : 'fa-IR' })

    // a journey per place (two searches, four page loads): the four places in one journey took up to 57 s of its 60
    for (const place of TYPED)
      test(`finds the listings of ${place.words}, typed on the home page and in the filter`, async ({ page }) => {
        await test.step('on the home page', async () => {
          await searchFromHome(page, language, place.words)
          await expectResults(page, place, language)
        })
        await test.step('in the city filter', async () => {
          await searchFromFilters(page, language, place.words)
          await expectResults(page, place, language)
        })
      })
  })
}

test.describe('a Persian reader', () => {
  test.use({ locale: 'fa-IR' })
  const fa = LANGUAGES[0]

  test('is offered the places a name may mean, as links, and is told of an unknown one', async ({ page }) => {
    const choices = page.locator('.place-choices')
    const box = page.locator('form.filters-form input[role="combobox"]')
    // several places' names begin so: they are offered, a country among them
    await searchFromHome(page, fa, 'بر')
    await expect(page.locator('.place-choice')).toContainText('شهر یا کشوری به نام «بر» نمی‌شناسیم.')
    await expect(choices.getByRole('link', { name: 'برلین، آلمان' })).toBeVisible()
    await expect(choices.getByRole('link', { name: 'برگن، نروژ' })).toBeVisible()
    await expect(choices.getByRole('link', { name: 'بریتانیا', exact: true })).toBeVisible()
    await expect(box).toHaveValue('بر')
    await choices.getByRole('link', { name: 'برلین، آلمان' }).click()
    await expectResults(page, TYPED[1]!, fa)

    await searchFromHome(page, fa, 'آتلانتیس')
    await expect(page.locator('.place-choice')).toContainText('شهر یا کشوری به نام «آتلانتیس» نمی‌شناسیم.')
    await expect(page.locator('meta[name="robots"]'), 'the words make no page of their own').toHaveAttribute(
      'content',
      'noindex',
    )
    await expect(page.locator('article.listing-card')).toHaveCount(0)
    await expect(box, 'the words stay in the box, in sight').toBeVisible()
    await expect(box).toHaveValue('آتلانتیس')
  })

  test('finds a place typed before the page runs its scripts', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'fa-IR' })
    const page = await context.newPage()
    await page.goto('/')
    await page.getByRole('search').locator('input[role="combobox"]').fill('تهران')
    await page.getByRole('search').getByRole('button', { name: 'جستجو', exact: true }).click()
    await expect(page).toHaveURL(/\/listings\?city=tehran&type=&country=IR$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('تهران')
    expect(await page.locator('article.listing-card').count()).toBeGreaterThan(0)
    await context.close()
  })

  test('with a country chosen, is offered that country’s cities', async ({ page }) => {
    await open(page, '/listings')
    await page.getByText('فیلترها', { exact: true }).click()
    const filters = page.locator('form.filters-form')
    await filters.locator('select[name="country"]').selectOption('DE')
    await filters.locator('input[role="combobox"]').fill('بر')
    const options = filters.getByRole('listbox').getByRole('option')
    await expect(options.filter({ hasText: 'برلین' })).toBeVisible()
    const texts = await options.allTextContents()
    for (const text of texts) expect(text, 'every suggestion is in Germany').toContain('آلمان')
  })
})

test.describe('an English reader', () => {
  test.use({ locale: 'en-US' })
  const en = LANGUAGES[1]

  test('is told of a city not in the chosen country, and of an unknown place', async ({ page }) => {
    const choices = page.locator('.place-choices')
    await searchFromFilters(page, en, 'Berlin', 'NO')
    await expect(page.locator('.place-choice')).toContainText('We know no city called “Berlin” in Norway.')
    await choices.getByRole('link', { name: 'Berlin, Germany' }).click()
    await expectResults(page, TYPED[1]!, en)

    await searchFromHome(page, en, 'Atlantis')
    await expect(page.locator('.place-choice')).toContainText('We know no city or country called “Atlantis”.')
    await expect(page.locator('article.listing-card')).toHaveCount(0)
    const box = page.locator('form.filters-form input[role="combobox"]')
    await expect(box).toBeVisible()
    await expect(box).toHaveValue('Atlantis')
  })
})
