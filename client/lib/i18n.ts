import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { LOCALE_CODES, type LocaleCode } from '../../shared/locales.ts'
import type { CatalogGroup } from './catalog-files.ts'

/**
 * A language's catalog comes in chunks by route (docs/decisions/025-catalogs-by-route-group.md): every page
 * needs the shell's messages; each public page adds its own group, the signed-in area its own. A page
 * downloads only its language. The server names the files of the page it rendered (`nameCatalogFiles`);
 * any other comes through the loaders of ./catalog-files.ts, on demand.
 */
export type { CatalogGroup }

/** The files the server named, by language and group. */
const named = new Map<string, string>()

/** The catalog files of a page, as the server named them (production builds; a development server names none). */
export function nameCatalogFiles(locale: LocaleCode, files: Partial<Record<string, string>> | undefined): void {
  for (const [group, file] of Object.entries(files ?? {})) if (file) named.set(`${locale}:${group}`, file)
}

let groupNames: CatalogGroup[] | undefined

/** Every group (the server's instance holds them all). */
export async function catalogGroupNames(): Promise<CatalogGroup[]> {
  groupNames ??= Object.keys((await import('./catalog-files.ts')).CATALOG_FILES) as CatalogGroup[]
  return groupNames
}

// Kept after the first load: a repeated import() still costs a round trip through the module loader
// (off-thread when loader hooks are registered), on every server render.
const loaded = new Map<string, Messages>()

/** The compiled messages of one language's route group. */
export async function loadMessages(locale: LocaleCode, group: CatalogGroup): Promise<Messages> {
  const key = `${locale}:${group}`
  const cached = loaded.get(key)
  if (cached) return cached
  const file = named.get(key)
  const { messages } = file
    ? ((await import(/* @vite-ignore */ file)) as { messages: Messages })
    : await loadFile(locale, group)
  loaded.set(key, messages)
  return messages
}

async function loadFile(locale: LocaleCode, group: CatalogGroup): Promise<{ messages: Messages }> {
  const { CATALOG_FILES } = await import('./catalog-files.ts')
  const catalog = LOCALE_CODES.includes(locale)
    ? CATALOG_FILES[group][`../../locales/${locale}/messages.po`]
    : undefined
  if (!catalog) throw new Error(`No catalog for ${locale}: run lingui extract`)
  return catalog()
}

const whole = new Map<LocaleCode, Messages>()

/** Every message of one language. */
async function loadAllMessages(locale: LocaleCode): Promise<Messages> {
  const cached = whole.get(locale)
  if (cached) return cached
  const groups = await Promise.all((await catalogGroupNames()).map((group) => loadMessages(locale, group)))
  const messages = Object.assign({}, ...groups) as Messages
  whole.set(locale, messages)
  return messages
}

/** The route groups of each language an i18n instance holds. */
const groupsIn = new WeakMap<I18n, Set<string>>()

/** An i18n instance with every message of a language, active: the server renders any page with it. */
export async function createI18n(locale: LocaleCode): Promise<I18n> {
  const i18n = setupI18n({ locale, messages: { [locale]: await loadAllMessages(locale) } })
  groupsIn.set(i18n, new Set((groupNames ?? (await catalogGroupNames())).map((group) => `${locale}:${group}`)))
  return i18n
}

/** Adds a route group's messages of a language to an i18n instance (once per instance). */
export async function loadCatalog(i18n: I18n, locale: LocaleCode, group: CatalogGroup): Promise<void> {
  const key = `${locale}:${group}`
  let groups = groupsIn.get(i18n)
  if (groups?.has(key)) return
  const messages = await loadMessages(locale, group)
  if (!groups) groupsIn.set(i18n, (groups = new Set()))
  groups.add(key)
  // a copy: i18n.load merges the groups loaded later into the object it was given first
  i18n.load(locale, { ...messages })
}

/**
 * Adds a route group's messages of a language to an i18n instance without the change event
 * `i18n.load` sends (once per instance): for messages nothing shown uses yet, those of a module loaded
 * when a reader uses it (`onUse`, client/lib/on-use.ts). The event would make every component that
 * translates render again, and React render afresh, without the server's HTML, a part still waiting
 * to hydrate (docs/decisions/040-script-budget-per-page.md).
 */
export async function addCatalog(i18n: I18n, locale: LocaleCode, group: CatalogGroup): Promise<void> {
  const key = `${locale}:${group}`
  if (groupsIn.get(i18n)?.has(key)) return
  const messages = await loadMessages(locale, group)
  let groups = groupsIn.get(i18n)
  if (groups?.has(key)) return
  if (!groups) groupsIn.set(i18n, (groups = new Set()))
  groups.add(key)
  // the active language's messages are the object Lingui translates from: added to it, they are there
  // for the next render; another language's (or none yet) go in the usual way
  if (i18n.locale === locale && Object.keys(i18n.messages).length > 0) Object.assign(i18n.messages, messages)
  else i18n.load(locale, { ...messages })
}

/** Loads a language's shell messages (and other groups asked for) into an i18n instance and makes it active. */
export async function activateLocale(
  i18n: I18n,
  locale: LocaleCode,
  groups: readonly CatalogGroup[] = ['shell'],
): Promise<void> {
  await Promise.all(groups.map((group) => loadCatalog(i18n, locale, group)))
  if (i18n.locale !== locale) i18n.activate(locale)
}

/** Marks a route whose pages need a catalog group besides the shell's (its middleware loads it on navigation). */
export interface CatalogHandle {
  catalog: CatalogGroup
  /** Its page shows a signed-in reader parts that come on demand (client/lib/on-demand.ts). */
  signedInParts?: boolean
}

/**
 * The catalog groups a page's route matches need; for a signed-in reader of a page with on-demand parts,
 * theirs too: the server rendered them, and their messages must be in before hydration, as a page's are
 * (a catalog loaded while a part waits to hydrate would make React render it afresh).
 */
export function catalogGroups(matches: readonly { route: { handle?: unknown } }[], hasSession = false): CatalogGroup[] {
  const groups = new Set<CatalogGroup>(['shell'])
  for (const { route } of matches) {
    const handle = route.handle as Partial<CatalogHandle> | undefined
    if (handle?.catalog) groups.add(handle.catalog)
    if (handle?.signedInParts && hasSession) groups.add('on-demand')
  }
  return [...groups]
}
