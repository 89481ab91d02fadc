import { expect, type Page } from '@playwright/test'

/**
 * On a listing's page (en), by a reader past today's free contacts: "Show contact" offers to pay, the
 * sandbox's checkout takes the payment, and "Back to the listing" shows the contact open.
 */
export async function payForThisContact(reader: Page): Promise<void> {
  const listing = reader.url()
  await reader.getByRole('button', { name: 'Show contact' }).click()
  await expect(reader.getByText("You have used today's free contacts.")).toBeVisible()
  await reader.getByRole('button', { name: 'Pay €0.99 to see this contact' }).click()
  await expect(reader).toHaveURL(/\/en\/checkout\/sandbox\/[0-9a-f-]{36}$/)
  await reader.getByRole('button', { name: 'Pay (test)' }).click()
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText('Payment received')
  await reader.getByRole('link', { name: 'Back to the listing' }).click()
  await expect(reader.locator('.contact-reveal a[href^="tel:"]')).toBeVisible()
  expect(reader.url()).toBe(listing)
}
