import { expect, test, type Page } from '@playwright/test'

test.use({ locale: 'fa-IR' })

/**
 * Where the gallery's previous and next buttons sit, and which way each one's chevron points on the
 * screen (its drawing points right; the transform that draws it says whether it is mirrored).
 */
async function galleryArrows(page: Page) {
  const arrow = async (name: RegExp) => {
    const button = page.locator('.gallery').getByRole('button', { name })
    const box = (await button.boundingBox())!
    const mirrored = await button.locator('svg').evaluate((svg: SVGSVGElement) => svg.getScreenCTM()!.a < 0)
    return { x: box.x, points: mirrored ? 'left' : 'right' }
  }
  const [previous, next] = [await arrow(/^(عکس قبلی|Previous photo)$/), await arrow(/^(عکس بعدی|Next photo)$/)]
  return { previousOn: previous.x < next.x ? 'left' : 'right', previous: previous.points, next: next.points }
}

test('browse in Persian: filter by city and price, open a listing, switch to English and back', async ({ page }) => {
  const apiCalls: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/v1/')) apiCalls.push(request.url())
  })
  await page.goto('/')
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  expect(apiCalls, 'the page hydrates from the server data without fetching it again').toEqual([])
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('html')).toHaveAttribute('lang', 'fa')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  await page.goto('/listings')
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  const filters = page.locator('form.filters-form')
  const city = filters.locator('input[role="combobox"]')
  await city.fill('برلین')
  const option = filters.getByRole('listbox').getByRole('option').first()
  await expect(option).toBeVisible()
  await city.press('Enter')
  // €900 as Persian pages show it, in rials
  await page.locator('input[name="max_price"]').fill('۵۴٬۰۰۰٬۰۰۰')
  await filters.locator('button[type="submit"]').click()
  await expect(page).toHaveURL(/city=berlin/)
  await expect(page).toHaveURL(/max_price=54000000/)

  const cards = page.locator('article.listing-card')
  // the address changes before the filtered results replace the old ones: wait until every card is Berlin's
  await expect(async () => {
    const texts = await cards.allTextContents()
    expect(texts.length).toBeGreaterThan(0)
    for (const text of texts) expect(text).toContain('برلین')
  }).toPass()

  await page.evaluate(() => Object.assign(window, { khanehSameDocument: true }))
  await cards.first().locator('a.listing-card-link').click()
  await expect(page).toHaveURL(/\/listing\/[a-z0-9-]+$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('برلین')
  expect(
    await page.evaluate(() => 'khanehSameDocument' in window),
    'a card opens through the router, without reloading the document',
  ).toBe(true)
  await expect(page.locator('.listing-price')).toContainText('ریال')
  const listingPath = new URL(page.url()).pathname

  await page.locator('.lang-switcher summary').click()
  await page.getByRole('link', { name: 'English' }).click()
  await expect(page).toHaveURL(new RegExp(`/en${listingPath}$`))
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Berlin')

  await page.locator('.lang-switcher summary').click()
  await page.getByRole('link', { name: 'فارسی' }).click()
  await expect(page).toHaveURL(new RegExp(`${listingPath}$`))
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('برلین')
})

test('the gallery’s arrows point out of the photo, right to left and left to right', async ({ page }) => {
  // a seeded listing with more than one photo (the journeys' own listings may have one)
  const search = await (await page.request.get('/api/v1/listings?limit=20')).json()
  const listing = (search.data.listings as Array<{ slug: string; photos: unknown[] }>).find((l) => l.photos.length > 1)!
  await page.goto(`/listing/${listing.slug}`)
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  // right to left, the previous photo is to the right and its arrow points right
  expect(await galleryArrows(page)).toEqual({ previousOn: 'right', previous: 'right', next: 'left' })
  await page.goto(`/en/listing/${listing.slug}`)
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  expect(await galleryArrows(page)).toEqual({ previousOn: 'left', previous: 'left', next: 'right' })
})

test('an unknown address shows the 404 page', async ({ page }) => {
  const response = await page.goto('/en/this/does/not/exist')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
})

test('the home search finds a whole country by its Persian name', async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  const search = page.getByRole('search')
  const place = search.getByRole('combobox', { name: 'کشور یا شهر' })
  await place.fill('آلمان')
  const country = search.getByRole('listbox').getByRole('option').first()
  await expect(country).toContainText('آلمان')
  await place.press('Enter')
  await search.getByRole('button', { name: 'جستجو', exact: true }).click()
  await expect(page).toHaveURL(/\/listings\?.*country=DE/)
  const cards = page.locator('article.listing-card')
  await expect(cards.first()).toBeVisible()
  const count = await cards.count()
  for (let i = 0; i < count; i++) await expect(cards.nth(i)).toContainText('آلمان')
})
