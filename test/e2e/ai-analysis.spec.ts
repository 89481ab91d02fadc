import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { E2E_ADMIN_TELEGRAM_ID } from '../../playwright.config.ts'
import { write } from '../helpers/page-api.ts'
import { signedIn } from '../helpers/signed-in.ts'

const run = Date.now() % 100000

/** A Berlin listing whose owner says they are abroad and will post the keys (a red flag), approved by the admin. */
async function flaggedListing(browser: Browser): Promise<{ id: number; slug: string }> {
  const owner = await signedIn(browser, 940000 + run, '/en/dashboard', 'en-US')
  const listing = await write(owner, 'POST', '/api/v1/listings', {
    type: 'apartment',
    country: 'DE',
    city: 'berlin',
    rent: 700,
    description: `Bright flat with a balcony, number ${run}. I am currently abroad for work, so I will send you the keys by post.`,
    contact: '+49 151 7654321',
  })
  const admin = await signedIn(browser, E2E_ADMIN_TELEGRAM_ID, '/en/dashboard', 'en-US')
  await write(admin, 'PUT', `/api/v1/admin/listings/${listing.id}/status`, { status: 'active' })
  await owner.context().close()
  await admin.context().close()
  return listing
}

/** No accessibility violations axe can find inside `selector`. */
async function accessible(page: Page, selector: string) {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze()
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

let flagged: { id: number; slug: string }
test.beforeAll(async ({ browser }) => {
  flagged = await flaggedListing(browser)
})

test('fa: a reader analyzes a listing whose owner is abroad and sees the red flag called out; out of credits, the way to more', async ({
  browser,
}) => {
  const guest = await browser.newPage({ locale: 'fa-IR' })
  await guest.goto(`/listing/${flagged.slug}`)
  await expect(guest.getByRole('link', { name: 'برای تحلیل با هوش مصنوعی وارد شوید' })).toHaveAttribute(
    'href',
    `/auth?next=${encodeURIComponent(`/listing/${flagged.slug}`)}`,
  )

  const reader = await signedIn(browser, 941000 + run, `/listing/${flagged.slug}`, 'fa-IR')
  await expect(reader.locator('html')).toHaveAttribute('dir', 'rtl')
  const tools = reader.getByRole('region', { name: 'بررسی این آگهی با هوش مصنوعی' })
  await expect(tools).toContainText('یک اعتبار هوش مصنوعی مصرف می‌کند')
  await tools.getByRole('button', { name: 'تحلیل با هوش مصنوعی' }).click()

  // the warning is an alert (read out as it appears), named in words, its severity in words too
  const flag = tools
    .getByRole('alert')
    .getByRole('listitem')
    .filter({ hasText: 'مالک خارج از کشور یا ارسال کلید با پست' })
  await expect(flag).toBeVisible()
  await expect(flag).toContainText('خطر جدی')
  await expect(flag).toContainText('کلید را پست می‌کند')
  await expect(tools.getByRole('heading', { name: 'تحلیل هوش مصنوعی' })).toBeFocused()
  await expect(tools.getByRole('heading', { name: 'قیمت' })).toBeVisible()
  await expect(tools.locator('.verdict-facts')).toContainText(/[۰-۹]/)
  await expect(tools).toContainText('۲ اعتبار هوش مصنوعی باقی مانده')
  await accessible(reader, '.ai-tools')

  // the last two credits spent elsewhere: the next analysis is refused with the pricing page offered
  for (const _ of [1, 2])
    await write(reader, 'POST', '/api/v1/ai/analyze-listing', { listing_id: flagged.id, language: 'fa' })
  await reader.reload()
  await expect(reader.locator('html[data-hydrated]')).toHaveCount(1)
  await tools.getByRole('button', { name: 'تحلیل با هوش مصنوعی' }).click()
  await expect(tools.getByRole('alert')).toContainText('اعتبار هوش مصنوعی شما تمام شده است.')
  await expect(tools.getByRole('link', { name: 'دریافت اعتبار بیشتر' })).toHaveAttribute('href', '/pricing')
})

test('en: two favourites compared side by side from the favourites page and from a listing page; a reload spends nothing', async ({
  browser,
}) => {
  const reader = await signedIn(browser, 942000 + run, '/en/dashboard/favorites', 'en-US')
  const berlin = await (await reader.request.get('/api/v1/listings?city=berlin&sort=price_asc&limit=5')).json()
  const other = (berlin.data.listings as Array<{ id: number; slug: string }>).find((l) => l.id !== flagged.id)!
  for (const id of [other.id, flagged.id]) await write(reader, 'POST', `/api/v1/favorites/${id}`, {})
  await reader.reload()
  await expect(reader.locator('html[data-hydrated]')).toHaveCount(1)

  // picked with the keyboard: the "Compare" checkbox of each card
  const toggles = reader.getByRole('checkbox', { name: /^Compare/ })
  await expect(toggles).toHaveCount(2)
  for (const i of [0, 1]) {
    await toggles.nth(i).focus()
    await reader.keyboard.press('Space')
    await expect(toggles.nth(i)).toBeChecked()
  }
  await expect(reader.locator('.compare-bar')).toContainText('Ready to compare:')
  await accessible(reader, '.compare-bar')
  await reader.locator('.compare-bar').getByRole('button', { name: 'Compare with AI' }).click()
  await expect(reader).toHaveURL(new RegExp(`/en/dashboard/favorites/compare\\?a=${flagged.id}&b=${other.id}$`))

  const table = reader.getByRole('table', { name: 'The two listings side by side' })
  await expect(table.getByRole('columnheader', { name: /Listing 1/ })).toBeVisible()
  await expect(table.getByRole('columnheader', { name: /Listing 2/ })).toBeVisible()
  await expect(table.getByRole('rowheader', { name: 'Rental contract' })).toBeVisible()
  await expect(table.getByRole('row', { name: /Red flags/ })).toContainText('better')
  await expect(reader.getByRole('heading', { name: 'Verdict' })).toBeFocused()
  await expect(reader.locator('.comparison-verdict')).toContainText('Listing 2 has fewer red flags.')
  await expect(reader.getByRole('region', { name: 'Red flags · Listing 1' })).toContainText(
    'Owner abroad or keys by post',
  )
  await expect(reader.getByRole('region', { name: 'Red flags · Listing 2' })).toContainText('No red flags found.')
  await expect(reader.getByText('2 AI credits left')).toBeVisible()
  await accessible(reader, '.compare-page')

  // a reload shows the two listings again and waits for the button: no second credit
  await reader.reload()
  await expect(table).toHaveCount(0)
  await expect(reader.getByText('Uses 1 AI credit (you have 2)')).toBeVisible()
  await reader.goBack()
  await expect(reader).toHaveURL(/\/en\/dashboard\/favorites$/)

  // from the listing page: "Compare with a favorite…" offers the other favourite
  await reader.goto(`/en/listing/${flagged.slug}`)
  await expect(reader.locator('html[data-hydrated]')).toHaveCount(1)
  await reader.getByRole('button', { name: 'Compare with a favorite…' }).click()
  const choices = reader.getByRole('group', { name: 'Compare this listing with:' }).getByRole('radio')
  await expect(choices).toHaveCount(1)
  await expect(choices.first()).toBeChecked()
  await reader.locator('.compare-picker').getByRole('button', { name: 'Compare with AI' }).click()
  await expect(reader).toHaveURL(new RegExp(`/en/dashboard/favorites/compare\\?a=${flagged.id}&b=${other.id}$`))
  await expect(table.getByRole('rowheader', { name: 'Rent', exact: true })).toBeVisible()
  await expect(reader.getByText('1 AI credit left')).toBeVisible()
})

test('en: preferences set on /dashboard/ai-preferences are kept after a reload, shown in fa too, and used by an analysis', async ({
  browser,
}) => {
  const reader = await signedIn(browser, 943000 + run, '/en/dashboard/ai-preferences', 'en-US')
  await expect(reader.getByRole('heading', { name: 'AI preferences', level: 1 })).toBeVisible()
  await expect(reader.locator('.dashboard-nav a[aria-current="page"]')).toHaveText('AI preferences')

  // a minimum above the maximum: the API's 400, shown under the field
  await reader.getByLabel('Minimum').fill('900')
  await reader.getByLabel('Maximum').fill('400')
  await reader.getByRole('button', { name: 'Save preferences' }).click()
  await expect(reader.getByLabel('Minimum')).toHaveAttribute('aria-invalid', 'true')
  await expect(reader.getByText('Enter a whole number of euros, no more than the maximum.')).toBeVisible()

  await reader.getByLabel('Minimum').fill('400')
  await reader.getByLabel('Maximum').fill('1200')
  const city = reader.getByRole('combobox', { name: 'Add a city' })
  for (const name of ['Berlin', 'Hamburg']) {
    await city.fill(name.slice(0, 5))
    await reader.getByRole('option', { name: new RegExp(`^${name}`) }).click()
    await expect(reader.getByRole('button', { name: `Remove ${name}` })).toBeVisible()
    await expect(city).toHaveValue('')
  }
  await reader.getByRole('button', { name: 'Remove Hamburg' }).click()
  await expect(reader.getByRole('button', { name: 'Remove Hamburg' })).toHaveCount(0)
  await reader.getByLabel('Kind of place').selectOption('apartment')
  await reader.getByLabel('Move-in date').fill('2027-03-01')
  await reader.getByRole('checkbox', { name: 'Furnished' }).check()
  await reader.getByRole('button', { name: 'Save preferences' }).click()
  await expect(reader.getByRole('status').filter({ hasText: 'Your preferences are saved.' })).toBeVisible()

  await reader.reload()
  await expect(reader.getByLabel('Minimum')).toHaveValue('400')
  await expect(reader.getByLabel('Maximum')).toHaveValue('1200')
  await expect(reader.getByRole('button', { name: 'Remove Berlin' })).toBeVisible()
  await expect(reader.getByRole('button', { name: 'Remove Hamburg' })).toHaveCount(0)
  await expect(reader.getByLabel('Kind of place')).toHaveValue('apartment')
  await expect(reader.getByLabel('Move-in date')).toHaveValue('2027-03-01')
  await expect(reader.getByRole('checkbox', { name: 'Furnished' })).toBeChecked()
  await accessible(reader, '.ai-preferences-page')

  await reader.goto('/dashboard/ai-preferences')
  await expect(reader.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(reader.locator('.chip bdi')).toHaveText('برلین')

  // an analysis now checks the listing against them
  await reader.goto(`/en/listing/${flagged.slug}`)
  await expect(reader.locator('html[data-hydrated]')).toHaveCount(1)
  await reader.getByRole('button', { name: 'Analyze with AI' }).click()
  await expect(reader.getByText(/^Fits your preferences: \d+%$/)).toBeVisible()
  await expect(reader.locator('.fit-checks')).toContainText('In one of your cities')
})
