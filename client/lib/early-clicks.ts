/** What the page's inline script keeps of a click that came before the app could answer it. */
interface EarlyClicks {
  /** Whether clicks are still kept: until hydration starts, when React listens itself. */
  keeping: boolean
  /** The last button clicked, or form sent, that needs the app. */
  target: HTMLElement | null
  /** Keeps this target (none: drops the kept one), shown as waiting (`data-early-click`) meanwhile. */
  mark(target: HTMLElement | null): void
}

declare global {
  interface Window {
    __khanehEarlyClicks?: EarlyClicks
  }
}

/**
 * The page's inline script that keeps the last click on a button (or a form sent) before the app's
 * scripts have run, for the app to replay once it has hydrated (`replayEarlyClick`): a reader who taps
 * "Show contact" or the heart while the scripts load sees it wait (`[data-early-click]` in app.css) and
 * gets what they asked for a moment later, instead of nothing (the scripts load after the first paint,
 * docs/decisions/026-images-fonts-and-lcp.md). A form sent with GET (the search filters; a button's own
 * `formmethod` counts) and a link are left alone: they work without the app.
 *
 * Source text, as `loadAfterFirstPaint` is; the browser journeys run it (test/e2e/early-clicks.spec.ts).
 */
export const KEEP_EARLY_CLICKS = `(() => {
const early = window.__khanehEarlyClicks = {
  keeping: true,
  target: null,
  mark(target) {
    if (early.target) early.target.removeAttribute('data-early-click')
    early.target = target
    if (target) target.setAttribute('data-early-click', '')
  },
}
const worksAlone = (form, button) => !!form && ((button && button.formMethod) || form.method) === 'get'
const keep = (event) => {
  if (!early.keeping) {
    early.mark(null)
    return
  }
  let target
  if (event.type === 'submit') target = worksAlone(event.target, event.submitter) ? null : event.target
  else {
    const button = event.target.closest && event.target.closest('button')
    target = !button || button.disabled || (button.type === 'submit' && worksAlone(button.form, button)) ? null : button
  }
  if (!target) return
  event.preventDefault()
  event.stopPropagation()
  early.mark(target)
}
addEventListener('click', keep, true)
addEventListener('submit', keep, true)
})();`.replace(/\n\s*/g, '\n')

/**
 * Hydration starts: from now on React answers clicks itself (it hydrates what is clicked first); a
 * click it answers before the page has hydrated also drops the kept one, so nothing happens twice.
 */
export function stopKeepingClicks(): void {
  if (window.__khanehEarlyClicks) window.__khanehEarlyClicks.keeping = false
}

/** The page has hydrated: the click kept before it, if any, happens now (if its button is still there). */
export function replayEarlyClick(): void {
  const early = window.__khanehEarlyClicks
  if (!early) return
  early.keeping = false
  const target = early.target
  early.mark(null)
  if (!target?.isConnected) return
  if (target instanceof HTMLFormElement) target.requestSubmit()
  else target.click()
}
