import { hashSource } from '../security.ts'

/**
 * A readers' copy sent to a reader who saved some of its listings (docs/decisions/024-page-render-cache.md):
 * the copy's bytes as they are, ended with a data block naming those listings and this script, which
 * runs as the document's last and before the app's scripts. It presses their hearts (the cards'
 * `button[data-listing]`, whose name follows `aria-pressed` by CSS alone) and marks them saved in the
 * page's hydration data, so the page hydrates as the one rendered for the reader alone would. Should
 * the app have started hydrating first (the early-clicks script then keeps no more clicks), it leaves
 * the page to the app, unmarked, rather than change what React holds.
 *
 * Source text, as the early-clicks script is; the browser journeys run it (test/e2e/favorites.spec.ts).
 */
export const MARK_SAVED_LISTINGS = `(() => {
const early = window.__khanehEarlyClicks
if (early && !early.keeping) return
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

/** What goes before a readers' copy's closing tags for a reader who saved these of its listings (integers only: nothing to escape). */
export function savedListingsEnd(ids: number[]): Buffer {
  return Buffer.from(
    `<script type="application/json" id="khaneh-saved">${JSON.stringify(ids.filter(Number.isSafeInteger))}</script>` +
      `<script>${MARK_SAVED_LISTINGS}</script>`,
  )
}
