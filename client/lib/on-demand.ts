import type { I18n } from '@lingui/core'
import { useLingui } from '@lingui/react'
import { createElement, Suspense, use, type ComponentType } from 'react'
import type { LocaleCode } from '../../shared/locales.ts'
import { loadCatalog } from './i18n.ts'
import { useLocale } from './locale.ts'
import { serverLoads } from './on-use.ts'

/** Resolves once the on-demand parts (and kept parts, ./kept-part.tsx) of the modules loaded so far are in: the server awaits it before it renders a page. */
export async function onDemandParts(): Promise<void> {
  await Promise.all(serverLoads)
}

/**
 * A part of a public page that only some readers see (a signed-in reader's forms), loaded on demand
 * (docs/decisions/040-script-budget-per-page.md): the page's script does not carry it.
 *
 * - The server renders the part itself (loaded with its page's module), so its forms are in the page
 *   and work before and without JavaScript (docs/decisions/041-forms-without-javascript.md).
 * - The browser fetches its chunk and the messages of the catalog group `on-demand` the first time the
 *   part renders. While hydrating, React keeps the server's HTML of the part until both are in, then
 *   hydrates it; a part rendered by the app (after a navigation) shows `StandIn` meanwhile: the part's
 *   first look, of the same size, `aria-busy` and disabled.
 *
 * `load` is a literal `() => import('./…')` (scripts/route-catalogs.ts finds the part's messages by it).
 */
export function onDemand<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  StandIn: ComponentType<Props>,
): ComponentType<Props> {
  let part: ComponentType<Props> | undefined
  let loading: Promise<ComponentType<Props>> | undefined
  const loadPart = () => (loading ??= load().then((loaded) => (part = loaded)))
  if (!__KHANEH_BROWSER_BUILD__) serverLoads.add(loadPart())

  // the part with its messages in the language shown (a language switch is a navigation: the next one's too)
  const ready = new Map<string, Promise<ComponentType<Props>>>()
  const readyIn = (i18n: I18n, locale: LocaleCode): Promise<ComponentType<Props>> => {
    let promise = ready.get(locale)
    if (!promise) {
      promise = Promise.all([loadPart(), loadCatalog(i18n, locale, 'on-demand')]).then(([loaded]) => loaded)
      ready.set(locale, promise)
    }
    return promise
  }

  function Part(props: Props) {
    const { i18n } = useLingui()
    const locale = useLocale()
    const Loaded = __KHANEH_BROWSER_BUILD__ ? use(readyIn(i18n, locale)) : part
    if (!Loaded) throw new Error('An on-demand part rendered before it was loaded (await onDemandParts())')
    return createElement(Loaded, props)
  }

  return function OnDemand(props: Props) {
    return createElement(Suspense, { fallback: createElement(StandIn, props) }, createElement(Part, props))
  }
}
