import { expect, test } from '@playwright/test'
import { E2E_DATA_DIR } from '../../playwright.config.ts'
import { pauseResumeAndDelete } from '../helpers/alert-card.ts'
import { approvedListing, boostWithNoneFree } from '../helpers/approved-listing.ts'
import { lastActionLink } from '../helpers/email.ts'
import { ownClientAddress, signedIn } from '../helpers/signed-in.ts'

// Every form works with scripts blocked: the gateway runs the page's action and answers the redirect
// or the page with what it said (docs/decisions/041-forms-without-javascript.md).
test.use({ javaScriptEnabled: false, extraHTTPHeaders: ownClientAddress() })
const run = Date.now() % 100000

test('sign up, confirm, sign in (a wrong password first) and edit the profile, without JavaScript', async ({
  page,
}) => {
  const email = `nojs-${Date.now()}@example.com`
  await page.goto('/en/auth?next=%2Fen%2Fdashboard%2Fprofile')
  await page.getByRole('button', { name: 'Create account' }).first().click()
  await expect(page).toHaveURL(/\/en\/auth\?next=%2Fen%2Fdashboard%2Fprofile&mode=sign-up$/)
  await page.getByLabel('First name', { exact: true }).fill('Leyla')
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill('leyla-secret')
  await page.locator('form').getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail' })).toBeVisible()

  const link = await lastActionLink(E2E_DATA_DIR, email, 'verifyEmail')
  await page.goto(link.pathname + link.search)
  await expect(page.getByRole('heading', { name: 'Your e-mail is confirmed' })).toBeVisible()

  await page.goto('/en/auth?next=%2Fen%2Fdashboard%2Fprofile')
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill('not-the-password')
  await page.locator('form').getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText('Wrong e-mail or password.')
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email)
  await page.getByLabel('Password', { exact: true }).fill('leyla-secret')
  await page.locator('form').getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/en\/dashboard\/profile$/)

  await page.getByLabel('First name', { exact: true }).fill('Leyla Sadat')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your profile is saved.' })).toBeVisible()
  await expect(page.locator('.dashboard-user')).toContainText('Leyla Sadat')
})

test('the contact form sends its fields in the body (never the address), shows refusals, then thanks', async ({
  page,
}) => {
  await page.goto('/contact-us')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await page.getByLabel('نام شما').fill('Maryam Karimi')
  await page.getByLabel('ایمیل', { exact: true }).fill('not-an-address')
  await page.getByLabel('موضوع').fill('A deposit')
  await page
    .getByLabel('پیام', { exact: true })
    .fill('The landlord asks for a deposit before the viewing. Is that normal?')
  await page.getByRole('button', { name: 'ارسال پیام' }).click()
  await expect(page).toHaveURL(/\/contact-us$/)
  await expect(page.getByLabel('ایمیل', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('یک نشانی ایمیل معتبر وارد کنید تا بتوانیم پاسخ دهیم.')).toBeVisible()
  await expect(page.getByLabel('نام شما')).toHaveValue('Maryam Karimi')
  await page.getByLabel('ایمیل', { exact: true }).fill('maryam.nojs@example.test')
  await page.getByRole('button', { name: 'ارسال پیام' }).click()
  await expect(page).toHaveURL(/\/contact-us\?sent$/)
  await expect(page.getByRole('status')).toContainText('سپاس، پیام شما به دست ما رسید')
})

test('a search saved from /listings, then its alert edited, paused, resumed and deleted, without JavaScript', async ({
  browser,
}) => {
  const search = '/en/listings?city=berlin&max_price=900'
  const renter = await signedIn(browser, 893000 + run, search, 'en-US', 'Nojs', false)
  await renter.getByRole('button', { name: 'Save this search' }).click()
  await expect(renter.locator('.save-search-done')).toContainText('Saved as “Berlin · up to €900”')

  await renter.goto('/en/dashboard/alerts')
  const card = renter.locator('.alert-card')
  await expect(card).toHaveCount(1)
  await card.getByRole('button', { name: 'Edit' }).click()
  await expect(renter).toHaveURL(/\/en\/dashboard\/alerts\?edit=\d+$/)
  await card.getByLabel('Name').fill('Cheap Berlin rooms')
  await card.getByLabel('Daily digest').check()
  await card.getByRole('button', { name: 'Save' }).click()
  await expect(renter).toHaveURL(/\/en\/dashboard\/alerts$/)
  await expect(card.getByRole('heading', { name: 'Cheap Berlin rooms' })).toBeVisible()
  await expect(card.locator('.alert-facts')).toContainText('Daily digest')

  await pauseResumeAndDelete(renter, card)
})

test('a heart pressed without JavaScript saves the listing, and takes it out on the favourites page', async ({
  browser,
}) => {
  const reader = await signedIn(browser, 894000 + run, '/en/listings', 'en-US', 'Heart', false)
  const card = reader.locator('.listing-card').first()
  const title = await card.locator('.listing-card-title').textContent()
  await card.getByRole('button', { name: 'Save to favorites' }).click()
  await expect(reader).toHaveURL(/\/en\/listings$/)

  await reader.goto('/en/dashboard/favorites')
  const saved = reader.locator('.listing-card')
  await expect(saved).toHaveCount(1)
  await expect(saved.locator('.listing-card-title')).toHaveText(title!)
  await saved.getByRole('button', { name: 'Remove from favorites' }).click()
  await expect(reader).toHaveURL(/\/en\/dashboard\/favorites$/)
  await expect(reader.getByText('No saved listings yet.')).toBeVisible()
})

test('"Show contact" without JavaScript opens the owner\'s phone, with the reveals left today', async ({ browser }) => {
  const reader = await signedIn(browser, 895000 + run, '/en/listings', 'en-US', 'Phone', false)
  await reader.locator('.listing-card .listing-card-link').first().click()
  await expect(reader).toHaveURL(/\/en\/listing\//)
  await reader.getByRole('button', { name: 'Show contact' }).click()
  const reveal = reader.locator('.contact-reveal')
  await expect(reveal.locator('a[href^="tel:"]')).toBeVisible()
  await expect(reveal).toContainText('2 new contacts left today.')
})

test('"Boost" without JavaScript asks the API for a free boost and tells the owner there is none left', async ({
  browser,
}) => {
  const owner = await signedIn(browser, 896000 + run, '/en/dashboard/listings', 'en-US', 'Owner', false)
  await approvedListing(
    browser,
    owner,
    `A bright private room near the park, number ${run}, with a desk and a wardrobe.`,
  )
  await boostWithNoneFree(owner)
  await expect(owner).toHaveURL(/\/en\/dashboard\/listings$/)
})

test('fa: a listing posted without JavaScript (the city typed, the date a plain field, a refusal first), then edited', async ({
  browser,
}) => {
  const owner = await signedIn(browser, 897000 + run, '/dashboard/listings/create', 'fa-IR', 'Form', false)
  const form = owner.locator('form.listing-form')
  // no upload without the script: the page says so, and offers no file field that would send nothing
  await expect(owner.locator('.photo-uploader input[type=file]')).toHaveCount(0)
  await expect(owner.locator('.photo-uploader')).toContainText('جاوااسکریپت')
  await owner.locator('#listing-type').selectOption('apartment')
  await owner.locator('#listing-country').selectOption('DE')
  await owner.locator('#listing-city').fill('Berlin')
  await owner.locator('#listing-rent').fill('۷۵۰')
  await owner.locator('#listing-start-date').fill('2027-03-01')
  await owner.locator('#listing-description').fill('Too short')
  await owner.locator('#listing-contact').fill('+49 151 2345678')
  await form.locator('button[type=submit]').click()

  // refused: the same page, the field marked, what was typed still there
  await expect(owner).toHaveURL(/\/dashboard\/listings\/create$/)
  await expect(owner.locator('#listing-description')).toHaveAttribute('aria-invalid', 'true')
  await expect(owner.locator('#listing-description-error')).toBeVisible()
  await expect(owner.locator('#listing-city')).toHaveValue('Berlin')
  await expect(owner.locator('#listing-start-date')).toHaveValue('2027-03-01')
  await owner
    .locator('#listing-description')
    .fill(`آپارتمان روشن نزدیک پارک، شماره ${run}، بدون جاوااسکریپت فرستاده شد.`)
  await form.locator('button[type=submit]').click()
  await expect(owner).toHaveURL(/\/dashboard\/listings\?saved=created&id=\d+$/)
  const id = Number(new URL(owner.url()).searchParams.get('id'))
  await expect(owner.locator('.own-listing .status-chip.status-pending')).toHaveCount(1)

  // the edit form shows what was saved (the city by its name in the page's language); a new rent is saved
  await owner.goto(`/dashboard/listings/${id}`)
  await expect(owner.locator('#listing-city')).toHaveValue('برلین')
  await expect(owner.locator('#listing-rent')).toHaveValue('750')
  await expect(owner.locator('#listing-start-date')).toHaveValue('2027-03-01')
  await owner.locator('#listing-rent').fill('800')
  await form.locator('button[type=submit]').click()
  await expect(owner).toHaveURL(new RegExp(`/dashboard/listings\\?saved=updated&id=${id}$`))
  await owner.goto(`/dashboard/listings/${id}`)
  await expect(owner.locator('#listing-rent')).toHaveValue('800')
})
