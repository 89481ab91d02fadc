import { expect, test } from '@playwright/test'
import { signedIn } from '../helpers/signed-in.ts'

test("the listing form offers only the terms of the chosen country: the Netherlands' long term, Germany's both", async ({
  browser,
}) => {
  const owner = await signedIn(browser, 890000 + (Date.now() % 10000), '/en/dashboard/listings/create', 'en-US')
  const term = owner.locator('#listing-term')
  await owner.locator('#listing-term').selectOption('short')
  await owner.locator('#listing-country').selectOption('NL')
  await expect(term).toHaveValue('long')
  await expect(term.locator('option')).toHaveText(['Long term'])
  await owner.locator('#listing-country').selectOption('DE')
  await expect(term.locator('option')).toHaveText(['Short term', 'Long term'])
})
