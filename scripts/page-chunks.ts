// Fewer files for the public pages (docs/decisions/025-catalogs-by-route-group.md): the modules that the same
// public pages import statically, and no page alone, go into one chunk per set of pages (a `codeSplitting`
// group of vite.config.ts), instead of the one chunk per shared module the bundler would make.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { ChunkingContext } from 'rolldown'

const ENTRY = 'client/entry.client.tsx'
const PUBLIC_ROUTES = 'client/public-routes.tsx'

// `import type` and `export type` bring no code
const STATIC_IMPORT = /(?:^|[\s;])(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]/g
/** A public page's module: a route's `lazy` (a route's loader may have a module of its own too, which is no page). */
const PAGE_IMPORT = /\blazy:\s*\(\)\s*=>\s*import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g

function importsOf(rootDir: string, file: string, pattern: RegExp): string[] {
  const source = readFileSync(path.join(rootDir, file), 'utf8')
  return [...source.matchAll(pattern)].map((match) => path.posix.join(path.posix.dirname(file), match[1]!))
}

/** The source files (root-relative) a file loads with it: its static imports, transitively. */
function staticallyReached(rootDir: string, root: string): Set<string> {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file) || !/\.(tsx?|mjs|js)$/.test(file) || !existsSync(path.join(rootDir, file))) return
    seen.add(file)
    for (const imported of importsOf(rootDir, file, STATIC_IMPORT)) visit(imported)
  }
  visit(root)
  return seen
}

/**
 * The chunk of a module (an absolute id) by the public pages that load it before they hydrate: a name such
 * as `with-home-listings-listing` when two pages or more share it and the entry does not have it, or
 * `with-listings` when one page has it and something else (the signed-in area, a chunk on demand) imports
 * it too, which would make it a file of its own; otherwise null (the bundler's own chunking: in the page's chunk).
 */
export function publicPageChunks(rootDir: string): (id: string, context: ChunkingContext) => string | null {
  const shell = staticallyReached(rootDir, ENTRY)
  const pageModules = importsOf(rootDir, PUBLIC_ROUTES, PAGE_IMPORT)
  const pages = pageModules.map((page) => ({
    module: page,
    name: path.posix.basename(page).replace(/(-page)?\.[^.]+$/, ''),
    files: staticallyReached(rootDir, page),
  }))
  const relative = (id: string) => path.relative(rootDir, id.split('?')[0]!).split(path.sep).join('/')
  /** Whether a module of a page's is imported from outside the page's static imports, directly or through its importers. */
  const escapes = (
    id: string,
    page: (typeof pages)[number],
    context: ChunkingContext,
    seen = new Set<string>(),
  ): boolean => {
    if (seen.has(id) || relative(id) === page.module) return false
    seen.add(id)
    const info = context.getModuleInfo(id)
    if (!info || info.dynamicImporters.length > 0) return true
    return info.importers.some(
      (importer) => !page.files.has(relative(importer)) || escapes(importer, page, context, seen),
    )
  }
  return (id, context) => {
    const file = relative(id)
    if (file.startsWith('..') || file.includes('node_modules') || shell.has(file) || pageModules.includes(file))
      return null
    const sharing = pages.filter((page) => page.files.has(file))
    if (sharing.length === 1 && !escapes(id, sharing[0]!, context)) return null
    return sharing.length > 0 ? `with-${sharing.map((page) => page.name).join('-')}` : null
  }
}
