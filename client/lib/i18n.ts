import type { I18n, Messages } from '@lingui/core'
import { LOCALE_CODES, type LocaleCode } from '../../shared/locales.ts'

// Each catalog is its own chunk: a page downloads only its language (lingui() compiles .po on import).
const files = import.meta.glob<{ messages: Messages }>('../../locales/*/messages.po')
const catalogs = new Map(LOCALE_CODES.map((code) => [code, files[`../../locales/${code}/messages.po`]]))

// Kept after the first load: a repeated import() still costs a round trip through the module loader
// (off-thread when loader hooks are registered), on every server render.
const loaded = new Map<LocaleCode, Messages>()

/** The compiled messages of one language. */
export async function loadMessages(locale: LocaleCode): Promise<Messages> {
  const cached = loaded.get(locale)
  if (cached) return cached
  const catalog = catalogs.get(locale)
  if (!catalog) throw new Error(`No catalog for ${locale}: run lingui extract`)
  const { messages } = await catalog()
  loaded.set(locale, messages)
  return messages
}

/** Loads a language into an i18n instance (once) and makes it active. */
export async function activateLocale(i18n: I18n, locale: LocaleCode): Promise<void> {
  if (i18n.locale === locale) return
  const messages = await loadMessages(locale)
  i18n.loadAndActivate({ locale, messages })
}
