import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { inBbox, parseBbox } from '../../shared/geo.ts'
import { E2E_TILES_URL } from '../../playwright.config.ts'

// Search on a map (docs/decisions/045-maps-leaflet-and-tiles.md): the maps come on demand, their tiles
// from the fake tile server on loopback (test/helpers/fake-tiles.ts).
const TILES_ORIGIN = new URL(E2E_TILES_URL.replace(/\{[a-z]\}/g, '0')).origin
const BOX_IN_URL = /[?&]bbox=(-?\d+(?:\.\d{1,5})?(?:%2C|,)){3}-?\d+(?:\.\d{1,5})?(&|$)/

/** The map of the results, loaded and showing its markers (a wide page loads it once the reader moves). */
async function resultsMap(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await page.mouse.move(10, 10)
  const map = page.locator('.results-map .leaflet-container')
  await expect(map).toBeVisible()
  await expect(map.locator('.map-price, .map-cluster').first()).toBeVisible()
  await expect(map.locator(`img.leaflet-tile-loaded[src^="${TILES_ORIGIN}/"]`).first()).toBeVisible()
  return map
}

/** The listings of the page's cards, with their public points from the API. */
async function cardPoints(page: Page) {
  const ids = await page
    .locator('.listing-grid [data-listing-id]')
    .evaluateAll((cards) => cards.map((card) => (card as HTMLElement).dataset.listingId!))
  return Promise.all(
    ids.map(async (id) => {
      const answer = await page.request.get(`/api/v1/listings/${id}?language=en`)
      const { data } = (await answer.json()) as { data: { location: { lat: number; lng: number } | null } }
      return data.location
    }),
  )
}

test.describe('the results on a map, side by side (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 }, locale: 'en-US' })

  test('drag the map, "Search this area": the URL carries the box, the results lie in it, a reload keeps it', async ({
    page,
  }) => {
    await page.goto('/en/listings?city=berlin')
    const map = await resultsMap(page)
    const searchArea = page.getByRole('button', { name: 'Search this area' })
    await expect(searchArea).toHaveCount(0)

    // zoom in twice with the keyboard, then drag: the reader's own moves offer the search
    await map.focus()
    await page.keyboard.press('Equal')
    await page.keyboard.press('Equal')
    const frame = (await map.boundingBox())!
    await page.mouse.move(frame.x + frame.width / 2, frame.y + frame.height / 2)
    await page.mouse.down()
    await page.mouse.move(frame.x + frame.width / 2 + 60, frame.y + frame.height / 2 + 40, { steps: 8 })
    await page.mouse.up()
    await expect(searchArea).toBeVisible()
    await searchArea.click()

    await expect(page).toHaveURL(BOX_IN_URL)
    await expect(page).toHaveURL(/city=berlin/)
    const box = parseBbox(new URL(page.url()).searchParams.get('bbox')!)
    await expect(page.getByText('Only listings in the area chosen on the map.')).toBeVisible()
    await expect(searchArea).toHaveCount(0)
    await expect(page.locator('.listing-grid')).not.toHaveClass(/is-loading/)
    const points = await cardPoints(page)
    expect(points.length).toBeGreaterThan(0)
    for (const point of points) expect(point && inBbox(box, point), JSON.stringify(point)).toBe(true)
    const count = await page.locator('.results-count').textContent()

    // the same address, loaded afresh (the server's render filters by it too)
    await page.reload()
    await expect(page).toHaveURL(BOX_IN_URL)
    await expect(page.getByText('Only listings in the area chosen on the map.')).toBeVisible()
    await expect(page.locator('.results-count')).toHaveText(count!)
    await resultsMap(page)
    // the map with its markers, its buttons and its credit: no serious or critical violation
    const { violations } = await new AxeBuilder({ page }).include('.results-map').analyze()
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])

    // and back to everywhere
    await page.getByRole('link', { name: 'Search everywhere instead' }).click()
    await expect(page).not.toHaveURL(/bbox=/)
    await expect(page).toHaveURL(/city=berlin/)
  })

  test('pointing at a card marks its marker; pointing at a marker marks its card', async ({ page }) => {
    await page.goto('/en/listings?city=berlin')
    const map = await resultsMap(page)
    // a card whose listing has a marker of its own (listings other journeys post have no pin; a cluster has no id)
    const ids = (selector: string, root: Locator) =>
      root
        .locator(selector)
        .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-listing-id')))
    const marked = await ids('.map-price[data-listing-id]', map)
    const id = (await ids('[data-listing-id]', page.locator('.listing-grid'))).find((card) => marked.includes(card))
    expect(id, 'a card on the page with a marker of its own').toBeTruthy()
    await page.locator(`.listing-grid [data-listing-id="${id}"]`).hover()
    await expect(map.locator('.is-highlighted')).toHaveCount(1)
    await page.mouse.move(5, 5)
    await expect(map.locator('.is-highlighted')).toHaveCount(0)

    await map.locator(`.map-price[data-listing-id="${id}"]`).hover()
    await expect(page.locator(`.listing-grid [data-listing-id="${id}"]`)).toHaveClass(/is-highlighted/)
  })

  test('a box the search cannot take is refused with a 400 page, never a crash', async ({ page }) => {
    const answer = await page.goto('/en/listings?bbox=10,60,5,50')
    expect(answer?.status()).toBe(400)
  })
})

test.describe('a phone (360 px, Persian)', () => {
  test.use({ viewport: { width: 360, height: 740 }, locale: 'fa-IR' })

  test('the list first; the toggle shows the map (view=map in the URL) and back', async ({ page }) => {
    const leaflet: string[] = []
    page.on('request', (request) => {
      if (/leaflet-map-[\w-]+\.js$/.test(new URL(request.url()).pathname)) leaflet.push(request.url())
    })
    await page.goto('/listings')
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await page.mouse.move(100, 100)
    await expect(page.locator('.results-map')).toBeHidden()
    expect(leaflet, 'a phone in the list view never downloads the map').toEqual([])

    await page.getByRole('link', { name: 'نمایش نقشه' }).click()
    await expect(page).toHaveURL(/[?&]view=map/)
    const map = page.locator('.results-map .leaflet-container')
    await expect(map).toBeVisible()
    await expect(map.locator('.map-price, .map-cluster').first()).toBeVisible()
    await expect(page.locator('.listing-grid')).toBeHidden()
    const frame = (await map.boundingBox())!
    expect(frame.width).toBeGreaterThan(300)
    expect(frame.x + frame.width).toBeLessThanOrEqual(360)
    // the credit is readable, left to right, inside the map
    await expect(page.locator('.results-map .map-attribution')).toHaveAttribute('dir', 'ltr')
    await expect(page.locator('.results-map .map-attribution')).toBeInViewport()

    await page.reload()
    await expect(page.locator('.results-map .leaflet-container')).toBeVisible()
    await page.getByRole('link', { name: 'نمایش فهرست' }).click()
    await expect(page).not.toHaveURL(/view=map/)
    await expect(page.locator('.listing-grid')).toBeVisible()
  })
})

// a phone's screen: the gallery, the summary and the description come before the map, well below the first screen
const PHONE = { width: 360, height: 740 }

test.describe("a listing's map", () => {
  test.use({ viewport: PHONE, locale: 'en-US' })

  test('appears when it scrolls into view: its place in words before, the circle on the tiles after', async ({
    page,
  }) => {
    // a seeded listing with its pin (those other journeys post have none)
    const answer = await page.request.get('/api/v1/listings?language=en&limit=50&city=berlin')
    const { data } = (await answer.json()) as { data: { listings: { slug: string; location: unknown }[] } }
    const listing = data.listings.find((one) => one.location !== null)!
    expect(listing, 'a Berlin listing with a pin').toBeTruthy()
    const leaflet: string[] = []
    page.on('request', (request) => {
      if (/leaflet-map-[\w-]+\.js$/.test(new URL(request.url()).pathname)) leaflet.push(request.url())
    })
    await page.goto(`/en/listing/${listing.slug}`)
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    const section = page.getByRole('region', { name: /Where it is/ })
    await expect(section).toContainText('The circle shows the area the home is in')
    const top = await section.evaluate((element) => element.getBoundingClientRect().top)
    expect(top, 'the section starts further down than the 200 px the map loads ahead').toBeGreaterThan(
      PHONE.height + 200,
    )
    await page.waitForTimeout(500)
    expect(leaflet, 'nothing of the map before it is near the viewport').toEqual([])
    await expect(section.locator('.leaflet-container')).toHaveCount(0)

    await section.scrollIntoViewIfNeeded()
    await expect(section.locator('.leaflet-container')).toBeVisible()
    await expect(section.locator('path.leaflet-interactive, svg path').first()).toBeAttached()
    await expect(section.locator(`img.leaflet-tile-loaded[src^="${TILES_ORIGIN}/"]`).first()).toBeVisible()
    expect(leaflet).toHaveLength(1)
  })
})
