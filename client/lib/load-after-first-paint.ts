import { serializeForScript } from './serialize.ts'

/** The script's text, its indentation dropped once: the entries go where ENTRIES stands. */
const [BEFORE_ENTRIES, AFTER_ENTRIES] = `(() => {
let done = false
const load = () => {
  if (done) return
  done = true
  for (const href of window.__khanehShell.modulePreloads || []) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = href
    document.head.append(link)
  }
  for (const src of ENTRIES) {
    const script = document.createElement('script')
    script.type = 'module'
    script.src = src
    document.head.append(script)
  }
}
if (PerformanceObserver.supportedEntryTypes?.includes('paint'))
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return
    observer.disconnect()
    setTimeout(load)
  }).observe({ type: 'paint', buffered: true })
else requestAnimationFrame(() => setTimeout(load))
setTimeout(load, 3000)
})();`
  .replace(/\n\s*/g, '\n')
  .split('ENTRIES') as [string, string]

/**
 * The page's inline script that asks for the app's scripts once the page has painted its first
 * content (the paint timing entry): the photo, the font and the stylesheet have the link to
 * themselves until then (docs/decisions/026-images-fonts-and-lcp.md). The entry's imports and the
 * page's catalogs (`__khanehShell.modulePreloads`) are preloaded beside it. A page that cannot paint
 * yet (a tab in the background) loads them after 3 s anyway.
 *
 * It is source text, not a function's `toString()`: compilers add helpers to functions (esbuild's
 * `__name`) that the page does not have. The browser journeys run it (test/e2e).
 */
export function loadAfterFirstPaint(entries: string[]): string {
  return BEFORE_ENTRIES + serializeForScript(entries) + AFTER_ENTRIES
}
