import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { LocaleCode } from '../../../shared/locales.ts'
import type { PageSharing } from '../../../client/routes.tsx'
import type {
  pageSharing as sharing,
  render as renderPage,
  RenderOptions,
  RenderResult,
} from '../../../client/entry.server.tsx'

export type PageRenderOptions = Omit<
  RenderOptions,
  'bootstrapModules' | 'styles' | 'modulePreloads' | 'catalogFile' | 'pageFiles'
>

export type { RenderResult }

/** Renders a page request to a stream (or a redirect). */
export interface PageRenderer {
  render(options: PageRenderOptions): Promise<RenderResult>
  /** Who the page at this path is the same document for; null, or absent: it is made per visitor (nothing is cached). */
  pageSharing?(pathname: string, locale: LocaleCode): PageSharing | null
}

interface ManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
  isDynamicEntry?: boolean
}

type ServerEntry = { render: typeof renderPage; pageSharing: typeof sharing }

/**
 * The production renderer: the SSR bundle and the client manifest from `npm run build`, read once at
 * start. `entry` replaces the SSR bundle (the tests render the client's source with the built assets' names).
 */
export async function productionRenderer(
  distDir: string,
  entry: () => Promise<ServerEntry> = () =>
    import(pathToFileURL(path.join(distDir, 'server/entry.server.js')).href) as Promise<ServerEntry>,
): Promise<PageRenderer> {
  const manifest = JSON.parse(await readFile(path.join(distDir, 'client/.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >
  const client = manifest['client/entry.client.tsx']
  if (!client) throw new Error('The client manifest has no entry for client/entry.client.tsx: run npm run build')
  const styles = (client.css ?? []).map((file) => `/${file}`)
  const modulePreloads = (client.imports ?? [])
    .map((key) => `/${manifest[key]?.file}`)
    .filter((f) => f !== '/undefined')
  const bootstrapModules = [`/${client.file}`]
  const catalogFile = (locale: string, group: string) => {
    const chunk = manifest[`locales/${locale}/messages.po?group=${group}`]
    return chunk && `/${chunk.file}`
  }
  // a public page's module by its catalog group, which is named after it (docs/decisions/025-catalogs-by-route-group.md)
  const pageModules = new Map(
    Object.entries(manifest)
      .filter(([key, chunk]) => chunk.isDynamicEntry && key.startsWith('client/'))
      .map(([key]) => [path.posix.basename(key).replace(/\.[^.]+$/, ''), key]),
  )
  const pageFiles = (group: string) => {
    const files = new Set<string>()
    const add = (key: string) => {
      const chunk = manifest[key]
      if (!chunk || key === 'client/entry.client.tsx' || files.has(`/${chunk.file}`)) return
      files.add(`/${chunk.file}`)
      for (const imported of chunk.imports ?? []) add(imported)
    }
    const key = pageModules.get(group)
    if (key) add(key)
    return [...files].filter((file) => !modulePreloads.includes(file))
  }
  const mod = await entry()
  return {
    render: (options) => mod.render({ ...options, bootstrapModules, styles, modulePreloads, catalogFile, pageFiles }),
    pageSharing: mod.pageSharing,
  }
}
