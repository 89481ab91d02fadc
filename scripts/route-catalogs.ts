// The catalogs by route (docs/decisions/025-catalogs-by-route-group.md): one messages.po per language, compiled
// as one chunk per group. `locales/{code}/messages.po?group=shell` holds the messages of what every page
// loads (the entry and what it reaches, except the pages); `?group=home-page`, `?group=listings-page`… those of
// one public page's module and what it reaches; `?group=dashboard` those of the signed-in area; `?group=on-demand`
// those of the signed-in parts of public pages, which come on demand, and `?group=on-use` those of what pages
// load when a reader uses it (a map, the place combobox; client/lib/on-use.ts, client/lib/kept-part.tsx).
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { createCompiledCatalog, getCatalogForFile, getCatalogs, getFailOnMissingBehavior } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import type { Plugin } from 'vite'

/** The browser's entry: what it reaches belongs to the shell… */
const ENTRY = 'client/entry.client.tsx'
/** …except the public pages, which this file loads on demand (each a group named after its module)… */
const PUBLIC_ROUTES = 'client/public-routes.tsx'
/** …and the pages of the signed-in area, which this file loads on demand (one group). */
const DASHBOARD_ROOT = 'client/dashboard.tsx'

// `import type` and `export type` bring no code, nor messages
const STATIC_IMPORT = /(?:^|[\s;])(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]/g
const DYNAMIC_IMPORT = /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g
/** A public page's module: a route's `lazy` (a route's loader may have a module of its own too, which is no page). */
const PAGE_IMPORT = /\blazy:\s*\(\)\s*=>\s*import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g
/** A signed-in part of a public page (client/lib/on-demand.ts): its messages are the `on-demand` group's, not the page's. */
const ON_DEMAND_IMPORT = /\bonDemand\(\s*\(\)\s*=>\s*import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g
/** A module loaded when a reader uses what it draws (`onUse`, client/lib/on-use.ts; `onUsePart`, `keptPart`, client/lib/kept-part.tsx): its messages are the `on-use` group's. */
const ON_USE_IMPORT = /\b(?:onUse|onUsePart|keptPart)\(\s*\(\)\s*=>\s*import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g

/** The root-relative files a file imports, statically or with `import()`. */
function importsOf(rootDir: string, file: string, pattern: RegExp): string[] {
  const source = readFileSync(path.join(rootDir, file), 'utf8')
  return [...source.matchAll(pattern)].map((match) => path.posix.join(path.posix.dirname(file), match[1]!))
}

/**
 * The source files (root-relative) reached from `root` through relative imports; `import()` in `skipDynamicIn`
 * is not followed, nor an on-demand part's or an on-use module's (unless `intoOnDemand`).
 */
function reachable(
  rootDir: string,
  root: string,
  skipDynamicIn: readonly string[] = [],
  intoOnDemand = false,
): Set<string> {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file) || !/\.(tsx?|mjs|js)$/.test(file) || !existsSync(path.join(rootDir, file))) return
    seen.add(file)
    for (const imported of importsOf(rootDir, file, STATIC_IMPORT)) visit(imported)
    if (skipDynamicIn.includes(file)) return
    const parts = intoOnDemand
      ? []
      : [...importsOf(rootDir, file, ON_DEMAND_IMPORT), ...importsOf(rootDir, file, ON_USE_IMPORT)]
    for (const imported of importsOf(rootDir, file, DYNAMIC_IMPORT)) if (!parts.includes(imported)) visit(imported)
  }
  visit(root)
  return seen
}

/** The files of the on-demand parts or on-use modules (`pattern`: client/lib/on-demand.ts, on-use.ts, kept-part.tsx) of everything the entry reaches, with what they reach. */
function loadedLater(rootDir: string, pattern: RegExp): Set<string> {
  const files = new Set<string>()
  for (const file of reachable(rootDir, ENTRY, [], true))
    for (const part of importsOf(rootDir, file, pattern))
      for (const reached of reachable(rootDir, part)) files.add(reached)
  return files
}

/** A public page's group: its module's name (`client/features/home/home-page.tsx` → `home-page`). */
export function pageGroup(file: string): string {
  return path.posix.basename(file).replace(/\.[^.]+$/, '')
}

/**
 * The files of each group (root-relative, posix separators): the shell, each public page's, the signed-in
 * area's, `on-demand`: the signed-in parts of public pages (client/lib/on-demand.ts), which the browser
 * loads with them, and `on-use`: what pages load when a reader uses it, which the browser adds with it
 * (docs/decisions/040-script-budget-per-page.md).
 */
export function routeGroups(rootDir: string): Map<string, Set<string>> {
  const groups = new Map<string, Set<string>>([['shell', reachable(rootDir, ENTRY, [PUBLIC_ROUTES, DASHBOARD_ROOT])]])
  for (const page of importsOf(rootDir, PUBLIC_ROUTES, PAGE_IMPORT)) {
    const name = pageGroup(page)
    if (groups.has(name)) throw new Error(`${PUBLIC_ROUTES}: two pages named ${name}`)
    groups.set(name, reachable(rootDir, page))
  }
  groups.set('dashboard', reachable(rootDir, DASHBOARD_ROOT))
  groups.set('on-demand', loadedLater(rootDir, ON_DEMAND_IMPORT))
  groups.set('on-use', loadedLater(rootDir, ON_USE_IMPORT))
  return groups
}

/**
 * The groups a message goes to, from the files it comes from (its `#:` references): the shell's when
 * the shell reaches one of them (every page has it); otherwise every group that reaches one (a message
 * of a component two pages share is in both). A message no page reaches stays in the shell.
 */
export function groupsOfMessage(files: readonly string[], groups: Map<string, Set<string>>): string[] {
  if (files.some((file) => groups.get('shell')!.has(file))) return ['shell']
  const found = [...groups].filter(([, members]) => files.some((file) => members.has(file))).map(([name]) => name)
  return found.length > 0 ? found : ['shell']
}

// (the development server may add its own query parameters)
const GROUP_QUERY = /\/locales\/[^/]+\/messages\.po\?(?:.*&)?group=([\w-]+)(?:&|$)/

/** The messages of one group in a language's catalog (with the fallbacks of lingui.config.ts), as compiled source. */
export async function compileGroupCatalog(
  file: string,
  group: string,
  groups: Map<string, Set<string>>,
): Promise<{ source: string; messages: Record<string, unknown> }> {
  if (!groups.has(group)) throw new Error(`${file}?group=${group}: no such group (scripts/route-catalogs.ts)`)
  const config = getConfig({ cwd: process.cwd() })
  const found = getCatalogForFile(path.relative(config.rootDir, file), await getCatalogs(config))
  if (!found) throw new Error(`${file} is not a catalog of lingui.config.ts`)
  const origins = (await found.catalog.read(found.locale)) ?? {}
  const { messages } = await found.catalog.getTranslations(found.locale, {
    fallbackLocales: config.fallbackLocales,
    sourceLocale: config.sourceLocale,
    missingBehavior: getFailOnMissingBehavior(false),
  })
  const picked = Object.fromEntries(
    Object.entries(messages).filter(([id]) =>
      groupsOfMessage(
        (origins[id]?.origin ?? []).map(([name]) => name),
        groups,
      ).includes(group),
    ),
  )
  return { source: createCompiledCatalog(found.locale, picked, { namespace: 'es' }).source, messages: picked }
}

/** Compiles `messages.po?group=…` imports: the language's messages of that group. */
export function routeCatalogs(): Plugin {
  let groups: Map<string, Set<string>> | undefined
  return {
    name: 'khaneh-route-catalogs',
    buildStart() {
      groups = undefined
    },
    async load(id) {
      const match = GROUP_QUERY.exec(id)
      if (!match) return null
      const file = id.split('?')[0]!
      this.addWatchFile(file)
      groups ??= routeGroups(process.cwd())
      const { source } = await compileGroupCatalog(file, match[1]!, groups)
      return { code: source, moduleType: 'js' }
    },
  }
}
