import { expect, test, type Response } from '@playwright/test'
import { E2E_BOT_TOKEN } from '../../playwright.config.ts'
import { ownClientAddress } from '../helpers/signed-in.ts'
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
    await expect(heart).toHaveAttribute('aria-pressed', 'true')

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
    const savedHeart = page.locator('.listing-card').first().getByRole('button', { name: 'Save to favorites' })
    await expect(savedHeart).toHaveAttribute('aria-pressed', 'true')
    await expect(savedHeart).toHaveText('♥')
    const listingPath = await page.locator('.listing-card-link').first().getAttribute('href')
    await hydrate()
    await savedHeart.click()
    await expect(savedHeart).toHaveAttribute('aria-pressed', 'false')
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
    await saved.getByRole('button', { name: 'Save to favorites' }).click()
    await expect(saved.getByRole('button', { name: 'Save to favorites' })).toHaveAttribute('aria-pressed', 'false')
    await page.reload()
    await expect(page.getByText('No saved listings yet.')).toBeVisible()
  })
})
