import type { I18n, Messages } from '@lingui/core'
import type { LocaleCode } from '../../shared/locales.ts'

// Each catalog is its own chunk: a page downloads only its language (lingui() compiles .po on import).
const catalogs: Record<LocaleCode, () => Promise<{ messages: Messages }>> = {
  fa: () => import('../../locales/fa/messages.po'),
  en: () => import('../../locales/en/messages.po'),
  tr: () => import('../../locales/tr/messages.po'),
  es: () => import('../../locales/es/messages.po'),
  de: () => import('../../locales/de/messages.po'),
  it: () => import('../../locales/it/messages.po'),
}

// Kept after the first load: a repeated import() still costs a round trip through the module loader
// (off-thread when loader hooks are registered), on every server render.
const loaded = new Map<LocaleCode, Messages>()

/** The compiled messages of one language. */
export async function loadMessages(locale: LocaleCode): Promise<Messages> {
  const cached = loaded.get(locale)
  if (cached) return cached
  const { messages } = await catalogs[locale]()
  loaded.set(locale, messages)
  return messages
}

/** Loads a language into an i18n instance (once) and makes it active. */
export async function activateLocale(i18n: I18n, locale: LocaleCode): Promise<void> {
  if (i18n.locale === locale) return
  const messages = await loadMessages(locale)
  i18n.loadAndActivate({ locale, messages })
}
