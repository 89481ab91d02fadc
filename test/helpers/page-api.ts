import { expect, type Page } from '@playwright/test'

/** A write through the gateway as the page's own script makes it (same origin, the page's cookies); its data. */
export async function write(page: Page, method: 'POST' | 'PUT' | 'DELETE', path: string, data?: object) {
  const origin = new URL(page.url()).origin
  const res = await page.request.fetch(path, { method, headers: { origin }, data })
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300)
  return (await res.json()).data
}
