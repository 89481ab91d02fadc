// The catalogs of the two route groups (docs/decisions/025-catalogs-by-route-group.md): one messages.po per
// language, compiled as two chunks. `locales/{code}/messages.po?group=dashboard` holds the messages used only
// by files that only the signed-in area reaches; `?group=public` holds every other message.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { createCompiledCatalog, getCatalogForFile, getCatalogs, getFailOnMissingBehavior } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import type { Plugin } from 'vite'

export type CatalogGroup = 'public' | 'dashboard'

/** The browser's entry: what it reaches, static or on demand, belongs to the public group… */
const PUBLIC_ROOT = 'client/entry.client.tsx'
/** …except the pages of the signed-in area, which this file loads on demand. */
const DASHBOARD_ROOT = 'client/dashboard-routes.tsx'

const STATIC_IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:[^'";]*?\sfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]/g
const DYNAMIC_IMPORT = /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g

/** The source files (root-relative) reached from `root` through relative imports; `import()` in `skipDynamicIn` is not followed. */
function reachable(rootDir: string, root: string, skipDynamicIn?: string): Set<string> {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file) || !/\.(tsx?|mjs|js)$/.test(file) || !existsSync(path.join(rootDir, file))) return
    seen.add(file)
    const source = readFileSync(path.join(rootDir, file), 'utf8')
    const patterns = file === skipDynamicIn ? [STATIC_IMPORT] : [STATIC_IMPORT, DYNAMIC_IMPORT]
    for (const pattern of patterns)
      for (const match of source.matchAll(pattern)) visit(path.posix.join(path.posix.dirname(file), match[1]!))
  }
  visit(root)
  return seen
}

/** The files only the signed-in area reaches (root-relative, posix separators). */
export function dashboardOnlyFiles(rootDir: string): Set<string> {
  const publicFiles = reachable(rootDir, PUBLIC_ROOT, DASHBOARD_ROOT)
  return new Set([...reachable(rootDir, DASHBOARD_ROOT)].filter((file) => !publicFiles.has(file)))
}

// (the development server may add its own query parameters)
const GROUP_QUERY = /\/locales\/[^/]+\/messages\.po\?(?:.*&)?group=(public|dashboard)(?:&|$)/

/** The messages of one route group in a language's catalog (with the fallbacks of lingui.config.ts), as compiled source. */
export async function compileGroupCatalog(
  file: string,
  group: CatalogGroup,
  dashboardOnly: Set<string>,
): Promise<{ source: string; messages: Record<string, unknown> }> {
  const config = getConfig({ cwd: process.cwd() })
  const found = getCatalogForFile(path.relative(config.rootDir, file), await getCatalogs(config))
  if (!found) throw new Error(`${file} is not a catalog of lingui.config.ts`)
  const origins = (await found.catalog.read(found.locale)) ?? {}
  const inDashboard = (id: string) => {
    const files = (origins[id]?.origin ?? []).map(([name]) => name)
    return files.length > 0 && files.every((name) => dashboardOnly.has(name))
  }
  const { messages } = await found.catalog.getTranslations(found.locale, {
    fallbackLocales: config.fallbackLocales,
    sourceLocale: config.sourceLocale,
    missingBehavior: getFailOnMissingBehavior(false),
  })
  const picked = Object.fromEntries(
    Object.entries(messages).filter(([id]) => inDashboard(id) === (group === 'dashboard')),
  )
  return { source: createCompiledCatalog(found.locale, picked, { namespace: 'es' }).source, messages: picked }
}

/** Compiles `messages.po?group=…` imports: the language's messages of that route group. */
export function routeCatalogs(): Plugin {
  let dashboardOnly: Set<string> | undefined
  return {
    name: 'khaneh-route-catalogs',
    buildStart() {
      dashboardOnly = undefined
    },
    async load(id) {
      const match = GROUP_QUERY.exec(id)
      if (!match) return null
      const file = id.split('?')[0]!
      this.addWatchFile(file)
      dashboardOnly ??= dashboardOnlyFiles(process.cwd())
      const { source } = await compileGroupCatalog(file, match[1] as CatalogGroup, dashboardOnly)
      return { code: source, moduleType: 'js' }
    },
  }
}
