// Initial JavaScript per public page (docs/decisions/025-catalogs-by-route-group.md): what a first visit downloads before it hydrates,
// read from the Vite manifest of a build. `npm run bench -- js` prints only this table.
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { LOCALE_CODES, type LocaleCode } from '../shared/locales.ts'

interface ManifestChunk {
  file: string
  imports?: string[]
}

type Manifest = Record<string, ManifestChunk>

/** A public page: its address and the modules of its routes that load before hydration (client/routes.tsx). */
export interface PublicPage {
  name: string
  /** The lazy route modules the page matches (the default layout lives in the entry). */
  routes: string[]
}

export const PUBLIC_PAGES: PublicPage[] = [
  { name: 'home', routes: ['client/features/home/home-page.tsx'] },
  { name: 'listings (and city pages)', routes: ['client/features/listings/listings-page.tsx'] },
  { name: 'a listing', routes: ['client/features/listings/listing-page.tsx'] },
  { name: 'content (/about-us …)', routes: ['client/features/pages/content-page.tsx'] },
  { name: 'pricing', routes: ['client/features/pricing/pricing-page.tsx'] },
  { name: 'auth', routes: ['client/features/auth/auth-page.tsx'] },
  { name: 'contact-us', routes: ['client/features/contact-messages/contact-page.tsx'] },
]

const ENTRY = 'client/entry.client.tsx'

/** A public page's catalog group: its module's name (scripts/route-catalogs.ts). */
const pageGroup = (route: string) => path.posix.basename(route).replace(/\.[^.]+$/, '')

/**
 * The catalogs a public page loads (docs/decisions/025-catalogs-by-route-group.md): its language's shell
 * messages and its page's; or, in a build from before the split by page, the language's public messages,
 * or its whole catalog.
 */
function catalogKeys(manifest: Manifest, page: PublicPage, locale: LocaleCode): string[] {
  const whole = `locales/${locale}/messages.po`
  if (manifest[`${whole}?group=shell`])
    return [`${whole}?group=shell`, ...page.routes.map((route) => `${whole}?group=${pageGroup(route)}`)]
  if (manifest[`${whole}?group=public`]) return [`${whole}?group=public`]
  if (manifest[whole]) return [whole]
  throw new Error(`the manifest has no catalog for ${locale}`)
}

/** The files a first visit to a page in a language downloads before hydrating: the entry, the route modules, the catalogs, with their static imports. */
export function initialFiles(manifest: Manifest, page: PublicPage, locale: LocaleCode): string[] {
  const seen = new Set<string>()
  const add = (key: string) => {
    if (seen.has(key)) return
    const chunk = manifest[key]
    if (!chunk) throw new Error(`the manifest has no ${key}: build first (npm run build)`)
    seen.add(key)
    for (const dep of chunk.imports ?? []) add(dep)
  }
  for (const key of [ENTRY, ...page.routes, ...catalogKeys(manifest, page, locale)]) add(key)
  return [...seen].map((key) => manifest[key]!.file)
}

export interface PageJavaScript {
  page: string
  files: number
  /** Gzipped bytes (level 9) per language. */
  bytes: Record<LocaleCode, number>
  /**
   * What the gateway sends of its heaviest language: the build's gzip (Zopfli) and brotli copies
   * (scripts/precompress.ts); null for a build without them.
   */
  sent: { gzip: number; br: number } | null
}

/** The bytes the gateway sends of a file in an encoding: the build's copy; null when it has none. */
export function sentSize(clientDir: string, file: string, encoding: 'gzip' | 'br'): number | null {
  const copy = path.join(clientDir, `${file}.${encoding === 'gzip' ? 'gz' : 'br'}`)
  return existsSync(copy) ? statSync(copy).size : null
}

/** Initial JavaScript of every public page in every language, from a build's manifest (`dist/client` by default). */
export function initialJavaScript(clientDir = 'dist/client'): PageJavaScript[] {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest
  const sizes = new Map<string, number>()
  const gz = (file: string) => {
    let size = sizes.get(file)
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length
      sizes.set(file, size)
    }
    return size
  }
  const sentOf = (files: string[], encoding: 'gzip' | 'br') => {
    const each = files.map((file) => sentSize(clientDir, file, encoding))
    return each.includes(null) ? null : (each as number[]).reduce((sum, size) => sum + size, 0)
  }
  return PUBLIC_PAGES.map((page) => {
    const bytes = {} as Record<LocaleCode, number>
    let files = 0
    let heaviest: string[] = []
    for (const locale of LOCALE_CODES) {
      const list = initialFiles(manifest, page, locale)
      files = list.length
      bytes[locale] = list.reduce((sum, file) => sum + gz(file), 0)
      if (bytes[locale] >= Math.max(...Object.values(bytes))) heaviest = list
    }
    const gzip = sentOf(heaviest, 'gzip')
    const br = sentOf(heaviest, 'br')
    return { page: page.name, files, bytes, sent: gzip === null || br === null ? null : { gzip, br } }
  })
}

/** Prints the table: KB gzipped per page and language, the largest, and what the gateway sends of the largest. */
export function printJavaScript(rows: PageJavaScript[]): void {
  const kb = (n: number) => (n / 1024).toFixed(1).padStart(7)
  console.log(`\ninitial JavaScript per public page, KB gzipped (level 9), before hydration`)
  console.log(`(sent: the build's Zopfli gzip and brotli copies of the largest language, as the gateway sends them)`)
  console.log(
    `${'page'.padEnd(28)}${'files'.padStart(6)}${LOCALE_CODES.map((c) => c.padStart(7)).join('')}${'max'.padStart(7)}` +
      `${'sent gz'.padStart(9)}${'sent br'.padStart(9)}`,
  )
  for (const row of rows) {
    const values = LOCALE_CODES.map((c) => row.bytes[c])
    const sent = row.sent ? `  ${kb(row.sent.gzip)}  ${kb(row.sent.br)}` : `${'—'.padStart(9)}${'—'.padStart(9)}`
    console.log(
      `${row.page.padEnd(28)}${String(row.files).padStart(6)}${values.map(kb).join('')}${kb(Math.max(...values))}${sent}`,
    )
  }
}
