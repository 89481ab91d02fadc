import { useLingui } from '@lingui/react'
import { useLocation } from 'react-router'
import { localeFromPath, localizePath, type LocaleCode } from '../../shared/locales.ts'

/** The language of the current page, read from its path (SPEC §2). */
export function useLocale(): LocaleCode {
  return localeFromPath(useLocation().pathname)
}

/** Localises an unprefixed path for the current page's language. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale()
  return (path) => localizePath(path, locale)
}

export { useLingui }
