import { useLingui } from '@lingui/react'
import { useMatches, type LoaderFunctionArgs, type MiddlewareFunction } from 'react-router'
import { DEFAULT_LOCALE, isLocaleCode, localizePath, type LocaleCode } from '../../shared/locales.ts'
import { i18nContext, localeContext } from './context.ts'
import { activateLocale, loadCatalog, type CatalogGroup } from './i18n.ts'

/** What a language route's loader answers: the page's language, for components. */
interface LanguageData {
  locale: LocaleCode
}

/**
 * The language route's middleware: a browser navigation's language is the branch it lands in. (The
 * server's static handler runs no middleware: the gateway hands the request's language in.)
 */
export const languageMiddleware =
  (code: LocaleCode): MiddlewareFunction =>
  ({ context }) => {
    context.set(localeContext, code)
  }

/** A route's middleware: its catalog group in place before a browser navigation renders its pages. */
export const catalogMiddleware =
  (group: CatalogGroup): MiddlewareFunction =>
  async ({ context }) => {
    await loadCatalog(context.get(i18nContext), context.get(localeContext), group)
  }

/** The language route's loader: the page's catalog active (in the browser a new language loads first), and the language for components. */
export async function languageLoader({ context }: LoaderFunctionArgs): Promise<LanguageData> {
  const locale = context.get(localeContext)
  await activateLocale(context.get(i18nContext), locale)
  return { locale }
}

/** The language of some route matches: their language route's data (routes are generated one branch per language, its id the code). */
export function languageOf(matches: readonly { id: string; loaderData: unknown }[]): LocaleCode | undefined {
  return (matches.find((match) => isLocaleCode(match.id))?.loaderData as LanguageData | undefined)?.locale
}

/** The language of a browser router's current page, for code outside components. */
export function routerLocale(router: {
  state: { matches: { route: { id: string } }[]; loaderData: Record<string, unknown> }
}): LocaleCode | undefined {
  const { matches, loaderData } = router.state
  return languageOf(matches.map(({ route }) => ({ id: route.id, loaderData: loaderData[route.id] })))
}

/** The language of the current page, as its loaders had it. */
export function useLocale(): LocaleCode {
  // only an error page above the language routes can be without one
  return languageOf(useMatches()) ?? DEFAULT_LOCALE
}

/** Localises an unprefixed path for the current page's language. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale()
  return (path) => localizePath(path, locale)
}

export { useLingui }
