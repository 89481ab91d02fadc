import { expect, test, type Page } from '@playwright/test'
import { chromiumLaunchOptions } from '../../scripts/chromium.ts'
import { ACCESS_COOKIE } from '../../server/gateway/session.ts'
import { LOCALE_COOKIE } from '../../shared/locales.ts'
import { API_PREFIX, UNREAD_STREAM_PATH } from '../../shared/paths.ts'
import { signedIn } from '../helpers/signed-in.ts'

// Playwright turns the back/forward cache off by default; these journeys are about it, so it stays on.
test.use({ launchOptions: { ...chromiumLaunchOptions, ignoreDefaultArgs: ['--disable-back-forward-cache'] } })

/** Notes, in every document of the page, each `pageshow` that came from the back/forward cache. */
async function noteRestores(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { restoredFromCache: number }
    w.restoredFromCache = 0
    addEventListener('pageshow', (event) => {
      if (event.persisted) w.restoredFromCache++
    })
  })
}

/**
 * Resolves once a document at `path` has opened its live unread count (its answer's headers are in, so
 * the request went out with the cookies of its moment); the document a page left for it may still be
 * opening its own (a restored one opens it again). A signed-in page opens that stream once hydrated,
 * when the Web Lock that shares it among tabs is granted (docs/decisions/020-alerts-and-outbox.md):
 * possibly after `html[data-hydrated]` shows. Call it before the navigation to `path`.
 */
const liveCountOpened = (page: Page, path: string) =>
  page.waitForResponse(
    async (response) =>
      new URL(response.url()).pathname === `${API_PREFIX}${UNREAD_STREAM_PATH}` &&
      new URL((await response.request().headerValue('referer')) ?? '/', page.url()).pathname === path,
  )

/**
 * What changes the site's cookies while the page is away, as visits do: the language switcher writes
 * the language cookie (here: the language being read, kept for 10 minutes); an expired access token is renewed by the next page (new HttpOnly cookies).
 * Chromium drops a `no-store` page from the back/forward cache when a cookie changes.
 *
 * The access cookie is cleared once the page has made its last request of its own (a signed-in page's
 * live unread count: `liveCountOpened`). A request of the page sent after the clearing renews the
 * session itself, and when its answer is in before the next page's request leaves (which can take a few
 * hundred milliseconds on a loaded machine), that page finds a fresh token and renews nothing.
 */
const cookieChanges: Record<
  'language chosen' | 'session renewed',
  { before?: (page: Page) => Promise<unknown>; there?: (page: Page) => Promise<unknown> }
> = {
  'language chosen': {
    there: (page) =>
      page.evaluate(
        (name) => (document.cookie = `${name}=${document.documentElement.lang}; path=/; max-age=600`),
        LOCALE_COOKIE,
      ),
  },
  'session renewed': {
    before: (page) => page.context().clearCookies({ name: ACCESS_COOKIE }),
  },
}

/**
 * Leaves the page for another document at `next` (where a cookie changes), goes back, and expects
 * the page itself again: restored from the back/forward cache, not loaded anew (Chromium's reasons
 * are shown if it was not).
 */
async function expectRestoredAfterVisiting(page: Page, next: string, change: keyof typeof cookieChanges) {
  const { before, there } = cookieChanges[change]
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  const left = page.url()
  await page.evaluate(() => {
    const w = window as unknown as { leftFrom: string; restoredFromCache: number }
    w.leftFrom = location.href
    w.restoredFromCache = 0
  })
  await before?.(page)
  const answer = await page.goto(next)
  if (change === 'session renewed')
    expect(await answer?.headerValue('set-cookie'), 'the next page renewed the session').toContain(ACCESS_COOKIE)
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await there?.(page)
  // a page restored from the cache fires no load event
  await page.goBack({ waitUntil: 'commit' })
  await expect(page).toHaveURL(left)
  const after = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & {
      notRestoredReasons?: unknown
    }
    return {
      restored: (window as unknown as { restoredFromCache: number }).restoredFromCache,
      sameDocument: (window as unknown as { leftFrom?: string }).leftFrom === location.href,
      navigation: nav.type,
      notRestoredReasons: JSON.stringify(nav.notRestoredReasons ?? null),
    }
  })
  expect(after, `not restored from the back/forward cache: ${after.notRestoredReasons}`).toMatchObject({
    restored: 1,
    sameDocument: true,
  })
}

/** The address of the first listing the listings page shows. */
async function firstListing(page: Page): Promise<string> {
  const href = await page.locator('a[href*="/listing/"]').first().getAttribute('href')
  expect(href).toBeTruthy()
  return href!
}

for (const language of [
  { name: 'fa', prefix: '', locale: 'fa-IR', signOut: 'خروج' },
  { name: 'en', prefix: '/en', locale: 'en-US', signOut: 'Sign out' },
]) {
  test(`${language.name}: back to the listings from a listing restores the listings page from the back/forward cache`, async ({
    browser,
  }) => {
    // a browser of the page's language: no language rule sends it elsewhere
    const page = await (await browser.newContext({ locale: language.locale })).newPage()
    await noteRestores(page)
    await page.goto(`${language.prefix}/listings`)
    await expectRestoredAfterVisiting(page, await firstListing(page), 'language chosen')
  })

  test(`${language.name}: a signed-in reader's dashboard comes back from the back/forward cache`, async ({
    browser,
  }) => {
    const run = Date.now() % 100000
    const reader = await signedIn(
      browser,
      language.name === 'fa' ? 880000 + run : 890000 + run,
      `${language.prefix}/dashboard`,
      language.locale,
    )
    await noteRestores(reader)
    // the init script applies from the next document on
    let opened = liveCountOpened(reader, `${language.prefix}/dashboard`)
    await reader.reload()
    await opened
    await expectRestoredAfterVisiting(reader, `${language.prefix}/listings`, 'session renewed')
    // and the listings page, signed in (a readers' copy of the render cache), from a listing
    opened = liveCountOpened(reader, `${language.prefix}/listings`)
    await reader.goto(`${language.prefix}/listings`)
    await opened
    await expectRestoredAfterVisiting(reader, await firstListing(reader), 'session renewed')

    // signed out: Back does not show the dashboard the cache kept, it asks the site again (sign in first)
    await reader.goto(`${language.prefix}/dashboard`)
    await expect(reader.locator('html[data-hydrated]')).toHaveCount(1)
    await reader.getByRole('button', { name: language.signOut }).click()
    await expect(reader).not.toHaveURL(/dashboard/)
    await expect(reader.locator('html[data-hydrated]')).toHaveCount(1)
    await reader.goBack({ waitUntil: 'commit' })
    await expect(reader).toHaveURL(new RegExp(`${language.prefix}/auth\\?next=`))
    await expect(reader.getByRole('button', { name: language.signOut })).toHaveCount(0)
  })
}
