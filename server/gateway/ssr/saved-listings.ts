import { hashSource } from '../security.ts'

/**
 * A readers' copy sent to a reader who saved some of its listings (docs/decisions/024-page-render-cache.md):
 * the copy's bytes as they are, with a data block naming those listings and this script just before the
 * app's entry script (the copy's `closing`), so it runs before the app does. It presses their hearts (the
 * cards' `button[data-listing]`, whose name follows `aria-pressed` by CSS alone) and marks them saved in
 * the page's hydration data, so the page hydrates as the one rendered for the reader alone would.
 *
 * Source text, not a function's `toString()` (compilers add helpers the page does not have); the browser
 * journeys run it (test/e2e/favorites.spec.ts).
 */
export const MARK_SAVED_LISTINGS = `(() => {
const saved = new Set(JSON.parse(document.getElementById('khaneh-saved').textContent))
for (const button of document.querySelectorAll('button[data-listing]')) {
  if (!saved.has(Number(button.dataset.listing))) continue
  button.setAttribute('aria-pressed', 'true')
  button.firstElementChild.textContent = '\\u2665'
}
const mark = (value) => {
  if (Array.isArray(value)) value.forEach(mark)
  else if (value && typeof value === 'object') {
    if (value.isFavorited === false && saved.has(value.id)) value.isFavorited = true
    Object.values(value).forEach(mark)
  }
}
const hydration = window.__staticRouterHydrationData
if (hydration) mark(hydration.loaderData)
})();`.replace(/\n\s*/g, '\n')

/** The CSP source that allows the script: every readers' copy names it. */
export const MARK_SAVED_LISTINGS_SOURCE = hashSource(MARK_SAVED_LISTINGS)

/** What goes before a readers' copy's entry script and closing tags for a reader who saved these of its listings (integers only: nothing to escape). */
export function savedListingsEnd(ids: number[]): Buffer {
  return Buffer.from(
    `<script type="application/json" id="khaneh-saved">${JSON.stringify(ids.filter(Number.isSafeInteger))}</script>` +
      `<script>${MARK_SAVED_LISTINGS}</script>`,
  )
}
