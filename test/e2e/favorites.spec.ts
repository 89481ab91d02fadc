import { expect, test, type Response } from '@playwright/test'
import { E2E_BOT_TOKEN } from '../../playwright.config.ts'
import { approvedListing } from '../helpers/approved-listing.ts'
import { write } from '../helpers/page-api.ts'
import { ownClientAddress, signedIn } from '../helpers/signed-in.ts'
import { signTelegramLogin } from '../helpers/telegram.ts'

test.describe('favourites (en)', () => {
  test.use({ locale: 'en-US' })

  test('a guest is sent to sign in; a signed-in user saves from a card and removes from the favourites page', async ({
    page,
  }) => {
    await page.goto('/en/listings')
    const guestHeart = page.locator('.listing-card').first().getByRole('link', { name: 'Save to favorites' })
    await expect(guestHeart).toHaveAttribute('href', /^\/en\/auth\?next=%2Fen%2Flistings/)

    await page.setExtraHTTPHeaders(ownClientAddress())

    const fields = signTelegramLogin(
      {
        id: 897000 + (Date.now() % 1000),
        first_name: 'Farah',
        last_name: 'F',
        username: 'farah',
        photo_url: 'https://t.me/i/userpic/320/f.jpg',
        auth_date: Math.floor(Date.now() / 1000),
      },
      E2E_BOT_TOKEN,
    )
    await page.goto(
      `/en/auth?${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]))}&next=${encodeURIComponent('/en/listings')}`,
    )
    await expect(page).toHaveURL(/\/en\/listings$/)
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    const card = page.locator('.listing-card').first()
    const title = await card.locator('.listing-card-title').innerText()
    const heart = card.getByRole('button', { name: 'Save to favorites' })
    await heart.click()
    // pressed, the heart is named for what a click now does
    await expect(card.getByRole('button', { name: 'Remove from favorites' })).toHaveAttribute('aria-pressed', 'true')

    // Again: the readers' copy of the page, with the saved card pressed before the app runs
    // (server/gateway/ssr/saved-listings.ts), which then hydrates it as saved without an error.
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    /** Opens a page with the app's entry held back until `release`. */
    const openBeforeTheApp = async (open: () => Promise<Response | null>) => {
      let release!: () => void
      const looked = new Promise<void>((resolve) => (release = resolve))
      await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
        await looked
        await route.continue()
      })
      const response = await open()
      expect(response?.headers()['x-khaneh-render-cache']).toMatch(/^(hit|miss)$/)
      await expect(page.locator('html[data-hydrated]')).toHaveCount(0)
      return async () => {
        release()
        await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
        await page.unrouteAll()
      }
    }
    let hydrate = await openBeforeTheApp(() => page.reload({ waitUntil: 'commit' }))
    const savedHeart = page.locator('.listing-card').first().locator('button.favorite-toggle')
    await expect(savedHeart).toHaveAttribute('aria-pressed', 'true')
    await expect(savedHeart).toHaveAccessibleName('Remove from favorites')
    await expect(savedHeart.locator('[aria-hidden]')).toHaveText('♥')
    const listingPath = await page.locator('.listing-card-link').first().getAttribute('href')
    await hydrate()
    await savedHeart.click()
    await expect(savedHeart).toHaveAttribute('aria-pressed', 'false')
    await expect(savedHeart).toHaveAccessibleName('Save to favorites')
    await savedHeart.click()
    await expect(savedHeart).toHaveAttribute('aria-pressed', 'true')

    // its own page too: the button says what a click does
    hydrate = await openBeforeTheApp(() => page.goto(listingPath!, { waitUntil: 'commit' }))
    const remove = page.getByRole('button', { name: 'Remove from favorites' })
    await expect(remove).toHaveAttribute('aria-pressed', 'true')
    await hydrate()
    await remove.click()
    const save = page.getByRole('button', { name: 'Save to favorites' })
    await expect(save).toHaveAttribute('aria-pressed', 'false')
    await save.click()
    await expect(remove).toHaveAttribute('aria-pressed', 'true')
    expect(errors).toEqual([])

    await page.goto('/en/dashboard/favorites')
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    const saved = page.locator('.listing-card')
    await expect(saved).toHaveCount(1)
    await expect(saved.locator('.listing-card-title')).toHaveText(title)
    // the heart flips at once (optimistic); the reload waits for the server's answer, which it would cut off
    const removed = page.waitForResponse(
      (response) => /\/api\/v1\/favorites\/\d+$/.test(response.url()) && response.request().method() === 'DELETE',
    )
    await saved.getByRole('button', { name: 'Remove from favorites' }).click()
    await expect(saved.getByRole('button', { name: 'Save to favorites' })).toHaveAttribute('aria-pressed', 'false')
    expect((await removed).ok()).toBe(true)
    await page.reload()
    await expect(page.getByText('No saved listings yet.')).toBeVisible()
  })

  test('a boosted listing saved by a reader: featured while for rent, not once rented; one saved listing, one view', async ({
    browser,
  }) => {
    const run = Date.now() % 100000
    const owner = await signedIn(browser, 898000 + run, '/en/dashboard/listings', 'en-US')
    const listing = await approvedListing(
      browser,
      owner,
      `A bright private room by the canal, number ${run}, with a desk and a wardrobe.`,
    )
    // the owner pays for a boost in the sandbox
    await owner.reload()
    const row = owner.locator('.own-listing').first()
    await row.getByRole('button', { name: 'Boost', exact: true }).click()
    await row.getByRole('button', { name: /^Boost for / }).click()
    await owner.getByRole('button', { name: 'Pay (test)' }).click()
    await expect(owner.getByRole('heading', { level: 1 })).toHaveText('Payment received')

    const reader = await signedIn(browser, 899000 + run, '/en/dashboard/favorites', 'en-US')
    await write(reader, 'POST', `/api/v1/favorites/${listing.id}`)
    // the listing's page counts the reader's view
    const viewed = reader.waitForResponse((r) => /\/listings\/[^/]+\/view$/.test(new URL(r.url()).pathname))
    await reader.goto(`/en/listing/${listing.slug}`)
    await viewed
    await reader.goto('/en/dashboard/favorites')
    const card = reader.locator('.listing-card')
    await expect(reader.getByText('1 saved listing', { exact: true })).toBeVisible()
    await expect(card.locator('.badge-boost')).toHaveText('Featured')
    await expect(card.getByRole('button', { name: 'Remove from favorites' })).toHaveAttribute('aria-pressed', 'true')

    await expect(async () => {
      await owner.goto('/en/dashboard/listings')
      await expect(row.getByText(/^1 view this week · saved by 1$/)).toBeVisible({ timeout: 1000 })
    }).toPass({ timeout: 20_000 })

    await write(owner, 'PUT', `/api/v1/users/listings/${listing.id}/status`, { status: 'rented' })
    await reader.reload()
    await expect(card.locator('.listing-card-unavailable')).toHaveText('No longer available')
    await expect(card.locator('.badge-boost')).toHaveCount(0)
    const heart = card.getByRole('button', { name: 'Remove from favorites' })
    await expect(heart).toHaveAttribute('aria-pressed', 'true')
    await heart.click()
    await expect(card.getByRole('button', { name: 'Save to favorites' })).toHaveAttribute('aria-pressed', 'false')
  })
})
