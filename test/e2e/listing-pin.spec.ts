import { expect, test, type Page } from '@playwright/test'
import { E2E_ADMIN_TELEGRAM_ID } from '../../playwright.config.ts'
import { write } from '../helpers/page-api.ts'
import { signedIn } from '../helpers/signed-in.ts'

// The listing form's pin (docs/decisions/047-the-listing-form-pin.md): the map moves under
// a pin fixed at its centre; the form sends the point in two fields, with the app or without it.

const run = Date.now() % 100000
const BERLIN = { lat: 52.52, lng: 13.405 }

/** The pin the form would send now. */
async function sentPin(page: Page) {
  const lat = await page.locator('input[name=location_lat]').inputValue()
  const lng = await page.locator('input[name=location_lng]').inputValue()
  return lat === '' && lng === '' ? null : { lat: Number(lat), lng: Number(lng) }
}

/** The fields every listing needs, in Berlin, with the app (the city picked from its list). */
async function fillListing(page: Page, description: string) {
  await page.locator('#listing-type').selectOption('apartment')
  await page.locator('#listing-country').selectOption('DE')
  await page.locator('#listing-city').fill('Berl')
  await page.getByRole('option', { name: /^Berlin/ }).click()
  await page.locator('#listing-rent').fill('900')
  await page.locator('#listing-description').fill(description)
  await page.locator('#listing-contact').fill('+49 151 2345678')
}

// long journeys (a post, an edit, an approval) on a shared machine
test.describe.configure({ timeout: 120_000 })

test.describe('the pin on the listing form', () => {
  test.use({ viewport: { width: 1280, height: 900 } })

  test('placed with the arrow keys, saved, shown again to its owner, never to the public', async ({ browser }) => {
    const owner = await signedIn(browser, 898000 + run, '/en/dashboard/listings/create', 'en-US', 'Pin')
    const section = owner.locator('fieldset.pin-field')
    await expect(section.getByText('Choose the city first')).toBeVisible()
    await fillListing(owner, `A flat with a pin on the map, posted by a journey, run ${run}.`)

    await expect(section.getByText('No pin yet: the map shows the centre of Berlin.')).toBeVisible()
    // the map comes when its frame nears the viewport
    await section.locator('.pin-frame').scrollIntoViewIfNeeded()
    const map = section.getByRole('application', { name: /The pin of the home in Berlin/ })
    await expect(map).toBeVisible()
    await expect(section.locator('.leaflet-container')).toBeVisible()
    expect(await sentPin(owner), 'no pin until the owner places one').toBeNull()

    // the keyboard: focused (a visible ring), the arrows move the map east and north under the pin
    // (Leaflet ignores an arrow pressed while the last one's pan is still animating: one press, then its move)
    await map.focus()
    await owner.keyboard.press('ArrowRight')
    await expect(section.getByRole('status')).toContainText('The pin is at')
    const outline = await map.evaluate((element) => getComputedStyle(element).outlineStyle)
    expect(outline, 'a focus ring').toBe('solid')
    await expect.poll(async () => (await sentPin(owner))?.lng ?? 0, 'moved east').toBeGreaterThan(BERLIN.lng)
    await owner.keyboard.press('ArrowUp')
    await expect.poll(async () => (await sentPin(owner))?.lat ?? 0, 'moved north').toBeGreaterThan(BERLIN.lat)

    // removed, then put back at the map's centre by its button
    await section.getByRole('button', { name: 'Remove the pin' }).click()
    expect(await sentPin(owner)).toBeNull()
    await expect(section.getByRole('status')).toContainText('No pin yet')
    await section.getByRole('button', { name: "Put the pin at the map's centre" }).click()
    expect(await sentPin(owner), "back at the city's centre").toEqual(BERLIN)
    await map.focus()
    await owner.keyboard.press('ArrowLeft')
    await expect.poll(async () => (await sentPin(owner))!.lng, 'moved west of the centre').toBeLessThan(BERLIN.lng)
    const pin = (await sentPin(owner))!

    await owner.locator('form.listing-form button[type=submit]').click()
    await expect(owner).toHaveURL(/\/en\/dashboard\/listings\?saved=created&id=\d+$/)
    const id = Number(new URL(owner.url()).searchParams.get('id'))

    // the owner's edit page opens at the stored pin
    await owner.goto(`/en/dashboard/listings/${id}`)
    await expect(owner.locator('html[data-hydrated]')).toHaveCount(1)
    expect(await sentPin(owner)).toEqual(pin)
    await expect(section.getByRole('status')).toContainText(`The pin is at ${pin.lat.toFixed(6)}`)

    // approved, its public page and JSON carry the circle's point only
    const admin = await signedIn(browser, E2E_ADMIN_TELEGRAM_ID, '/en/dashboard', 'en-US')
    const listing = (await (await admin.request.get(`/api/v1/listings/${id}?language=en`)).json()).data
    expect(listing.exact_location).toEqual(pin)
    await write(admin, 'PUT', `/api/v1/admin/listings/${id}/status`, {
      status: 'active',
      updated_at: listing.updated_at,
    })
    await admin.context().close()
    const reader = await browser.newPage()
    const json = await (await reader.request.get(`/api/v1/listings/${id}?language=en`)).text()
    const page = await reader.goto(`/en/listing/${listing.slug}`)
    const html = (await page!.text()) + json
    for (const coordinate of [String(pin.lat), String(pin.lng)])
      expect(html.includes(coordinate), `the public page and JSON never hold ${coordinate}`).toBe(false)
    const place = reader.getByRole('region', { name: /Where it is/ })
    await expect(place).toContainText('The circle shows the area the home is in')
    await place.scrollIntoViewIfNeeded()
    await expect(place.locator('path.leaflet-interactive, svg path').first()).toBeAttached()
    await reader.close()
  })

  // the journeys' geocoder is the fake Nominatim of playwright.config.ts (real streets, test/helpers/fake-nominatim.ts)
  test('found by typing a street, chosen with the keyboard, saved, shown again to its owner', async ({ browser }) => {
    const owner = await signedIn(browser, 897000 + run, '/en/dashboard/listings/create', 'en-US', 'Street')
    const section = owner.locator('fieldset.pin-field')
    await fillListing(owner, `A flat found by its street, posted by a journey, run ${run}.`)
    const search = section.getByRole('combobox', { name: 'Find a street or a place' })

    // a place past the 50 km of the city's centre is listed, and cannot be chosen
    await search.fill('Königstraße')
    await search.press('Enter')
    const far = section.getByRole('option', { name: /Bad Freienwalde/ })
    await expect(far).toHaveAttribute('aria-disabled', 'true')
    await expect(far).toContainText('More than 50 km from the centre of Berlin: the pin cannot go there.')
    await expect(section.getByRole('option', { name: /Wannsee/ })).toHaveAttribute('aria-selected', 'true')

    // Enter searches (the listing's form is not sent); the arrows and Enter choose; the pin moves there
    await search.fill('Kastanienallee')
    await search.press('Enter')
    await expect(section.getByRole('option', { name: /Kastanienallee.*Prenzlauer Berg/ })).toBeVisible()
    await expect(section.getByText('1 place found')).toBeVisible()
    await search.press('ArrowDown')
    await search.press('Enter')
    await expect(section.getByRole('option')).toHaveCount(0)
    await expect(section.getByRole('status')).toContainText('The pin is at 52.538496, 13.410649.')
    expect(await sentPin(owner)).toEqual({ lat: 52.538496, lng: 13.410649 })
    await expect(owner).toHaveURL(/\/en\/dashboard\/listings\/create$/)
    // the map, when it comes, opens there at a street's zoom, the pin (its centre) unmoved
    await section.locator('.pin-frame').scrollIntoViewIfNeeded()
    await expect(section.locator('.leaflet-container')).toBeVisible()
    await expect(section.locator('img.leaflet-tile-loaded[src*="/16/"]').first()).toBeVisible()
    expect(await sentPin(owner)).toEqual({ lat: 52.538496, lng: 13.410649 })

    await owner.locator('form.listing-form button[type=submit]').click()
    await expect(owner).toHaveURL(/\/en\/dashboard\/listings\?saved=created&id=\d+$/)
    const id = Number(new URL(owner.url()).searchParams.get('id'))
    await owner.goto(`/en/dashboard/listings/${id}`)
    await expect(owner.locator('html[data-hydrated]')).toHaveCount(1)
    expect(await sentPin(owner)).toEqual({ lat: 52.538496, lng: 13.410649 })
    await expect(section.getByRole('status')).toContainText('The pin is at 52.538496, 13.410649.')
  })
})

test('without JavaScript: the pin set, kept and removed through its two fields', async ({ browser }) => {
  const owner = await signedIn(browser, 899000 + run, '/en/dashboard/listings/create', 'en-US', 'NoJsPin', false)
  const form = owner.locator('form.listing-form')
  await expect(owner.locator('.pin-field .leaflet-container')).toHaveCount(0)
  await owner.locator('#listing-type').selectOption('apartment')
  await owner.locator('#listing-country').selectOption('DE')
  await owner.locator('#listing-city').fill('Berlin')
  await owner.locator('#listing-rent').fill('880')
  await owner.locator('#listing-description').fill(`A flat pinned without scripts, posted by a journey, run ${run}.`)
  await owner.locator('#listing-contact').fill('+49 151 2345678')
  // Munich is no place for a Berlin flat: refused on the pin's fields, what was typed kept
  await owner.getByLabel('Latitude').fill('48.137')
  await owner.getByLabel('Longitude').fill('11.575')
  await form.locator('button[type=submit]').click()
  await expect(owner.getByLabel('Latitude')).toHaveAttribute('aria-invalid', 'true')
  await expect(owner.locator('#listing-location-error')).toContainText('within 50 km')
  await expect(owner.getByLabel('Longitude')).toHaveValue('11.575')

  await owner.getByLabel('Latitude').fill('52.5163')
  await owner.getByLabel('Longitude').fill('13.3777')
  await form.locator('button[type=submit]').click()
  await expect(owner).toHaveURL(/\/en\/dashboard\/listings\?saved=created&id=\d+$/)
  const id = Number(new URL(owner.url()).searchParams.get('id'))

  // the edit form shows the stored pin; sent back as it is, it stays; emptied, it goes
  await owner.goto(`/en/dashboard/listings/${id}`)
  await expect(owner.getByLabel('Latitude')).toHaveValue('52.5163')
  await expect(owner.getByLabel('Longitude')).toHaveValue('13.3777')
  await owner.locator('#listing-rent').fill('890')
  await form.locator('button[type=submit]').click()
  await expect(owner).toHaveURL(new RegExp(`saved=updated&id=${id}$`))
  const stored = async () =>
    (await (await owner.request.get(`/api/v1/listings/${id}?language=en`)).json()).data.exact_location
  expect(await stored()).toEqual({ lat: 52.5163, lng: 13.3777 })
  await owner.goto(`/en/dashboard/listings/${id}`)
  await owner.getByLabel('Latitude').fill('')
  await owner.getByLabel('Longitude').fill('')
  await form.locator('button[type=submit]').click()
  await expect(owner).toHaveURL(new RegExp(`saved=updated&id=${id}$`))
  expect(await stored()).toBeNull()
})
