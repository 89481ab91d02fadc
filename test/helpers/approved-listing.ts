import { expect, type Browser, type Locator, type Page } from '@playwright/test'
import { E2E_ADMIN_TELEGRAM_ID } from '../../playwright.config.ts'
import { write } from './page-api.ts'
import { signedIn } from './signed-in.ts'

/**
 * A private room in Berlin posted by `owner` through the API (`description` tells it apart) and
 * approved by the journeys' admin, so it is active: its data as the API answered the post.
 */
export async function approvedListing(
  browser: Browser,
  owner: Page,
  description: string,
): Promise<{ id: number; slug: string; updated_at: string }> {
  const listing = await write(owner, 'POST', '/api/v1/listings?language=en', {
    type: 'private_room',
    country: 'DE',
    city: 'berlin',
    rent: 610,
    description,
    original_language: 'en',
    contact: '+49 151 7654321',
  })
  const admin = await signedIn(browser, E2E_ADMIN_TELEGRAM_ID, '/en/dashboard', 'en-US')
  await write(admin, 'PUT', `/api/v1/admin/listings/${listing.id}/status`, {
    status: 'active',
    updated_at: listing.updated_at,
  })
  await admin.context().close()
  return listing
}

/**
 * On the owner's listings page (loaded again), "Boost" pressed on their first active listing by an
 * owner with no free boost: the page says so; the row, for what follows.
 */
export async function boostWithNoneFree(owner: Page): Promise<Locator> {
  await owner.reload()
  const row = owner
    .locator('.own-listing')
    .filter({ has: owner.locator('.status-chip.status-active') })
    .first()
  await row.getByRole('button', { name: 'Boost', exact: true }).click()
  await expect(row.getByText('You have no free boosts left.')).toBeVisible()
  return row
}
