import type { I18n } from '@lingui/core'
import type { LocaleCode } from '../../shared/locales.ts'
import { addCatalog } from './i18n.ts'

/** What the server's modules load for the parts they render (./on-demand.ts, ./kept-part.tsx): the server renders none before they are in (`onDemandParts`). */
export const serverLoads = new Set<Promise<unknown>>()

/**
 * A module a public page loads only when a reader uses what it draws (a map, the place combobox), with
 * its messages: the catalog group `on-use`, not the page's, so a first visit that only looks downloads
 * neither (docs/decisions/040-script-budget-per-page.md). The messages are added without Lingui's
 * change event (`addCatalog`): nothing shown uses them yet. `load(i18n, locale)` resolves with the
 * module once both are in.
 *
 * `importer` is a literal `() => import('./…')` (scripts/route-catalogs.ts finds the module's messages by it).
 */
export function onUse<Module>(importer: () => Promise<Module>): OnUse<Module> {
  let loading: Promise<Module> | undefined
  const promises = new Map<string, Promise<Module>>()
  const loaded = new Map<string, Module>()
  const load = (i18n: I18n, locale: LocaleCode) => {
    let promise = promises.get(locale)
    if (!promise) {
      promise = Promise.all([(loading ??= importer()), addCatalog(i18n, locale, 'on-use')]).then(([module]) => {
        loaded.set(locale, module)
        return module
      })
      promises.set(locale, promise)
    }
    return promise
  }
  return Object.assign(load, { loaded: (locale: LocaleCode) => loaded.get(locale) })
}

/** Loads an on-use module with its messages in a language (`onUse`); `loaded(locale)`: the module, once that is done. */
export type OnUse<Module> = ((i18n: I18n, locale: LocaleCode) => Promise<Module>) & {
  loaded: (locale: LocaleCode) => Module | undefined
}
