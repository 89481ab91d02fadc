import { createContext as createReactContext, useContext } from 'react'
import { createContext } from 'react-router'
import type { I18n } from '@lingui/core'
import { DEFAULT_LOCALE, type LocaleCode } from '../../shared/locales.ts'
import type { PublicConfig } from '../../shared/public-config.ts'
import type { Api } from './api/index.ts'
import type { IdentityClient } from './identity.ts'

/** The API client handed to loaders: per request on the server, one in the browser. */
export const apiContext = createContext<Api>()

/** The e-mail identity provider (built-in or Firebase) for loaders and actions. */
export const identityContext = createContext<IdentityClient>()

/** The request's (server) or the page's (browser) Lingui instance. */
export const i18nContext = createContext<I18n>()

/**
 * The page's language, as loaders and actions read it: on the server the request's, worked out once
 * by the gateway; in the browser set by the language route of each navigation (client/lib/locale.ts).
 */
export const localeContext = createContext<LocaleCode>()

/** What the document needs beyond the route tree: built asset URLs and the public base URL. */
export interface AppShell {
  publicBaseUrl: string
  styles: string[]
  /** Chunks the entry imports, and the page's own chunks and catalog files: the document's module preloads. */
  modulePreloads?: string[]
  /** The page's catalog files by group, named from the build's manifest (none from a development server). */
  catalogs?: Partial<Record<string, string>>
  /** The request carried session cookies (a hint for the header; pages that need a user check it). */
  hasSession?: boolean
  /** What the page may know of the server's configuration. */
  publicConfig: PublicConfig
  /** The language the page was rendered in (the browser switches catalogs in the locale loader). */
  locale: LocaleCode
}

export const ShellContext = createReactContext<AppShell>({
  publicBaseUrl: '',
  styles: [],
  locale: DEFAULT_LOCALE,
  publicConfig: {},
})
export const useShell = () => useContext(ShellContext)
