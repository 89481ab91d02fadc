import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { E2E_ADMIN_TELEGRAM_ID } from '../../playwright.config.ts'
import { approvedListing } from '../helpers/approved-listing.ts'
import { signedIn } from '../helpers/signed-in.ts'

const photo = async (name: string, color: { r: number; g: number; b: number }) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background: color } })
    .jpeg()
    .toBuffer(),
})

test('a listing from posting to removal: posted with two photos in fa, approved, found, favourited, removed', async ({
  browser,
}) => {
  const run = Date.now() % 100000
  const marker = `آپارتمان آفتابی نزدیک پارک، شماره ${run}، با آشپزخانهٔ کامل و بالکن رو به حیاط.`

  // the owner posts in Persian (right to left) with two photos
  const owner = await signedIn(browser, 880000 + run, '/dashboard/listings/create', 'fa-IR')
  await expect(owner.locator('html')).toHaveAttribute('dir', 'rtl')
  await owner.locator('#listing-type').selectOption('apartment')
  await owner.locator('#listing-country').selectOption('DE')
  await owner.locator('#listing-city').fill('Berlin')
  await owner.getByRole('listbox').getByRole('option').first().click()
  await owner.locator('#listing-rent').fill('۷۵۰')
  await owner.locator('#listing-description').fill(marker)
  await owner.locator('#listing-contact').fill('+49 151 2345678')
  await owner
    .locator('.photo-drop input[type=file]')
    .setInputFiles([
      await photo('living-room.jpg', { r: 200, g: 120, b: 40 }),
      await photo('kitchen.jpg', { r: 40, g: 120, b: 200 }),
    ])
  await expect(owner.locator('.photo-tile:not(.is-uploading) img')).toHaveCount(2, { timeout: 20_000 })
  await expect(owner.locator('.photo-cover')).toHaveCount(1)
  await owner.locator('form.listing-form button[type=submit]').click()
  await expect(owner).toHaveURL(/\/dashboard\/listings\?saved=created&id=\d+$/)
  const id = Number(new URL(owner.url()).searchParams.get('id'))
  const row = owner.locator('.own-listing').filter({ has: owner.locator('.status-chip.status-pending') })
  await expect(row).toHaveCount(1)

  // pending: invisible to the public; its owner sees it as theirs, to edit rather than to report
  const anonymous = await browser.newPage({ locale: 'en-US' })
  expect((await anonymous.goto(`/en/listing/${id}`))!.status()).toBe(404)
  expect((await owner.goto(`/listing/${id}`))!.status()).toBe(200)
  const panel = owner.locator('.own-listing-panel')
  await expect(panel).toContainText('این آگهی شماست.')
  await expect(panel.locator('.status-chip.status-pending')).toHaveCount(1)
  await expect(owner.locator('.report-link')).toHaveCount(0)
  await expect(panel.getByRole('link').first()).toHaveAttribute('href', `/dashboard/listings/${id}`)

  // an admin approves it from the moderation page
  const admin = await signedIn(browser, E2E_ADMIN_TELEGRAM_ID, '/en/dashboard/moderation', 'en-US')
  const item = admin.locator('.moderation-item').filter({ hasText: marker })
  await expect(item.locator('.moderation-photos img')).toHaveCount(2)
  await expect(item).toContainText('+49 151 2345678')
  await item.getByRole('button', { name: 'Approve' }).click()
  await expect(item).toHaveCount(0)

  // public at once: in search (newest first) and on its page, photos served by the photo route
  await anonymous.goto('/en/listings?city=berlin&sort=newest')
  const card = anonymous.locator('.listing-card').first()
  await card.locator('.listing-card-link').click()
  await expect(anonymous.locator('.listing-description')).toContainText(marker)
  const slugPath = new URL(anonymous.url()).pathname
  const firstPhoto = await anonymous.locator('.gallery-main img').getAttribute('src')
  const served = await anonymous.request.get(firstPhoto!)
  expect(served.status()).toBe(200)
  expect(served.headers()['content-type']).toMatch(/^image\//)
  await expect(anonymous.locator('body')).not.toContainText('+49 151 2345678')

  // another user saves it
  const reader = await signedIn(browser, 870000 + run, slugPath, 'en-US')
  // a reload in the same session is not a second view (the count below stays at two)
  await reader.reload()
  await expect(reader.locator('html[data-hydrated]')).toHaveCount(1)
  await reader.getByRole('button', { name: 'Save to favorites' }).click()
  await expect(reader.getByRole('button', { name: 'Remove from favorites' })).toHaveAttribute('aria-pressed', 'true')
  // …reports it from the listing page, and the report reaches the moderators' queue
  await reader.getByRole('button', { name: 'Report this listing' }).click()
  const dialog = reader.getByRole('dialog', { name: 'Report this listing' })
  // the form comes on demand (docs/decisions/025-catalogs-by-route-group.md); focus still starts on its first reason
  await expect(dialog.getByRole('radio', { name: 'Spam or advertising' })).toBeFocused()
  await dialog.getByRole('radio', { name: 'Scam or fraud' }).check()
  await dialog.getByRole('textbox').fill(`asks for a deposit before any visit (${run})`)
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expect(reader.getByRole('dialog').getByText('Your report was sent.')).toBeVisible()
  await reader.goto('/en/dashboard/favorites')
  await expect(reader.locator('.listing-card')).toHaveCount(1)
  await admin.goto('/en/dashboard/moderation?tab=reports')
  const report = admin.locator('.moderation-item').filter({ hasText: `asks for a deposit before any visit (${run})` })
  await expect(report.getByRole('heading', { name: 'Scam or fraud' })).toBeVisible()
  await report.getByRole('button', { name: 'Dismiss' }).click()
  await expect(report).toHaveCount(0)

  // the two visitors' views are counted (written in batches every few seconds) and shown to the owner
  await expect
    .poll(
      async () => (await (await owner.request.get(`/api/v1/users/listings/${id}/analytics`)).json()).data.views_total,
      { timeout: 20_000 },
    )
    .toBe(2)
  // the owner reads on in English, as chosen: otherwise their stored Persian takes the page back to fa after 500 ms
  await owner.context().addCookies([{ name: 'i18n_redirected', value: 'en', url: new URL('/', owner.url()).href }])
  await owner.goto('/en/dashboard/listings')
  await expect(owner.locator('html[data-hydrated]')).toHaveCount(1)
  const active = owner.locator('.own-listing').filter({ has: owner.locator('.status-chip.status-active') })
  await active.getByText('Statistics').click()
  await expect(active.locator('.stats-figures div').filter({ hasText: 'Views in total' }).locator('dd')).toHaveText('2')
  await expect(active.locator('.stats-figures div').filter({ hasText: 'Saved by' }).locator('dd')).toHaveText('1')

  // the owner removes it: gone from the public
  await active.getByRole('button', { name: 'Remove', exact: true }).click()
  await active.getByRole('button', { name: 'Yes, remove' }).click()
  await expect(owner.locator('.own-listing')).toHaveCount(0)
  expect((await anonymous.goto(slugPath))!.status()).toBe(404)
})

test('en: with the app, the owner’s buttons are the same forms, sent through the router (no page load)', async ({
  browser,
}) => {
  const run = Date.now() % 100000
  const owner = await signedIn(browser, 904000 + run, '/en/dashboard/listings', 'en-US', 'Router')
  await approvedListing(browser, owner, `A tidy private room by the library, number ${run}, with a desk.`)
  await owner.reload()
  await expect(owner.locator('html[data-hydrated]')).toHaveCount(1)
  // a mark on this document: a page load would lose it
  await owner.evaluate(() => Object.assign(window, { stillThisDocument: true }))
  const row = (status: string) =>
    owner.locator('.own-listing').filter({ has: owner.locator(`.status-chip.status-${status}`) })
  await row('active').getByRole('button', { name: 'Mark as rented' }).click()
  await row('rented').getByRole('button', { name: 'Renew' }).click()
  await row('pending').getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(owner).toHaveURL(/\/en\/dashboard\/listings$/, { timeout: 1000 })
  await row('pending').getByRole('button', { name: 'Keep it' }).click()
  await row('pending').getByRole('button', { name: 'Duplicate' }).click()
  await expect(owner).toHaveURL(/\/en\/dashboard\/listings\/\d+$/)
  await expect(owner.locator('#listing-description')).toHaveValue(/A tidy private room by the library/)
  expect(await owner.evaluate(() => 'stillThisDocument' in window)).toBe(true)
})
