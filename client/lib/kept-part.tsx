import { useLingui } from '@lingui/react'
import { createElement, lazy, use, useEffect, useState, type ComponentType, type Ref } from 'react'
import { useHydrated } from './hydrated.ts'
import { useLocale } from './locale.ts'
import { onUse, serverLoads, type OnUse } from './on-use.ts'

/**
 * A component of a module loaded on use (`onUse`): rendered once the module and its messages are in,
 * inside a Suspense boundary of the caller's (whose fallback is what the page shows meanwhile). The
 * server renders it as a lazy component.
 *
 * `importer` is a literal `() => import('./…')` whose module's default export is the component.
 */
export function onUsePart<Props extends object>(
  importer: () => Promise<{ default: ComponentType<Props> }>,
): ComponentType<Props> {
  if (!__KHANEH_BROWSER_BUILD__) return lazy(importer) as unknown as ComponentType<Props>
  const load = onUse(importer)
  return function OnUse(props: Props) {
    const { i18n } = useLingui()
    const locale = useLocale()
    const Loaded = (load.loaded(locale) ?? use(load(i18n, locale))).default
    return createElement(Loaded, props)
  }
}

/** What the server renders a kept part with (`keptPart`). */
export interface KeptProps {
  /** The part renders itself (a reader uses it): its script comes then. */
  live?: boolean
  /** The part renders itself once a reader points at it, touches it or focuses in it. */
  liveOnUse?: boolean
  /** The part's box (`div.kept-part`, `display: contents`). */
  ref?: Ref<HTMLDivElement>
}

/**
 * A part of a public page that needs no script while the page stays as the server sent it: plain HTML
 * (fields a form sends as they are, a section in words), whose script and messages come on use
 * (`onUse`, docs/decisions/040-script-budget-per-page.md).
 *
 * - The server renders the part (loaded with its page's module) in a `div.kept-part` (`display: contents`).
 * - While the page hydrates the browser keeps that HTML as it is, with no script: the box's content is
 *   `dangerouslySetInnerHTML`, which React neither compares nor replaces while hydrating, and the box
 *   is an ordinary element, hydrated with the page (no Suspense boundary waits for anything). Events
 *   in it reach the page's handlers around it (a form's submit).
 * - The part renders itself when the app mounts it afresh (a navigation: `preload` it before), when its
 *   props change, or once `live` asks for it (then with its box replaced, once its script is in).
 *
 * `importer` is a literal `() => import('./…')` whose module's default export is the part.
 */
export function keptPart<Props extends object>(
  importer: () => Promise<{ default: ComponentType<Props> }>,
): { Kept: ComponentType<Props & KeptProps>; preload: OnUse<{ default: ComponentType<Props> }> } {
  const load = onUse(importer)
  if (!__KHANEH_BROWSER_BUILD__) {
    let part: ComponentType<Props> | undefined
    serverLoads.add(importer().then((loaded) => (part = loaded.default)))
    const Kept = ({ live: _live, liveOnUse: _liveOnUse, ref, ...props }: Props & KeptProps) => {
      if (!part) throw new Error('A kept part rendered before it was loaded (await onDemandParts())')
      const Part = part
      return (
        <div ref={ref} className="kept-part">
          <Part {...(props as unknown as Props)} />
        </div>
      )
    }
    return { Kept, preload: load }
  }
  function Kept({ live: liveAsked = false, liveOnUse = false, ref, ...rest }: Props & KeptProps) {
    const props = rest as unknown as Props
    const { i18n } = useLingui()
    const locale = useLocale()
    // mounted while the page hydrates: the server's HTML, rendered from these props
    const hydrating = !useHydrated()
    const [kept] = useState(() => (hydrating ? JSON.stringify(props) : null))
    // asked to render itself: once its script is in (no Suspense fallback replaces the kept HTML meanwhile)
    const [ready, setReady] = useState(false)
    const [used, setUsed] = useState(false)
    const live = liveAsked || used
    const keep = kept !== null && !ready && JSON.stringify(props) === kept
    useEffect(() => {
      if (!live || !keep) return
      let current = true
      void load(i18n, locale).then(() => current && setReady(true))
      return () => {
        current = false
      }
    }, [live, keep, i18n, locale])
    if (keep) {
      const goLive = liveOnUse && !used ? () => setUsed(true) : undefined
      return (
        <div
          key="kept"
          ref={ref}
          className="kept-part"
          onPointerOver={goLive}
          onTouchStart={goLive}
          onFocus={goLive}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: '' }}
        />
      )
    }
    // in, or a navigation (a transition) waits for it (`preload` fetches it with the page's)
    const Part = (load.loaded(locale) ?? use(load(i18n, locale))).default
    return (
      <div key="live" ref={ref} className="kept-part">
        <Part {...props} />
      </div>
    )
  }
  return { Kept, preload: load }
}
