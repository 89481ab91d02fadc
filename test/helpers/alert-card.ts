import { expect, type Locator, type Page } from '@playwright/test'

/**
 * The end of the one alert of a renter on the free plan, as they go through it: paused (none active
 * then), resumed, then deleted (with its confirmation).
 */
export async function pauseResumeAndDelete(page: Page, card: Locator): Promise<void> {
  await card.getByRole('button', { name: 'Pause' }).click()
  await expect(card.locator('.badge')).toHaveText('Paused')
  await expect(page.getByTestId('alert-limit')).toContainText('0 of 1 alerts active')
  await card.getByRole('button', { name: 'Resume' }).click()
  await expect(card.locator('.badge')).toHaveText('Active')
  await card.getByRole('button', { name: 'Delete' }).click()
  await card.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page.locator('.alert-card')).toHaveCount(0)
  await expect(page.getByText('No saved searches yet.', { exact: false })).toBeVisible()
}
