import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Marked } from 'marked'
import { LOCALE_CODES, type LocaleCode } from '../../../shared/locales.ts'
import { CONTENT_SLUG, type ContentPage } from '../../../shared/schemas/content.ts'
import { AppError } from '../../lib/errors.ts'
import { textBytes, TtlCache } from '../../lib/ttl-cache.ts'
import { parseFrontMatter } from './front-matter.ts'

/** The repository's `content/` folder: `content/<locale>/<slug>.md`. */
export const CONTENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../content')

// Our own files, written by the team: Markdown as written (its HTML included) is trusted. Headings get no ids,
// links and text are what the file says.
const markdown = new Marked({ gfm: true, breaks: false })

/** Reads and renders one content file; a missing or malformed file answers undefined / throws. */
export async function renderContentFile(file: string): Promise<ContentPage | undefined> {
  let source: string
  try {
    source = await readFile(file, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'EISDIR')
      return undefined
    throw err
  }
  const { meta, body } = parseFrontMatter(source)
  if (!meta.title || !meta.description) throw new Error(`${file}: front matter needs title and description`)
  return { title: meta.title, description: meta.description, html: await markdown.parse(body) }
}

/** What the content pages kept in memory may weigh (docs/decisions/006-caches-and-their-lifetimes.md). */
export const CONTENT_CACHE_MAX_BYTES = 2 * 1024 * 1024

/**
 * The content pages: read from disk once, then kept in memory for the life of the process (the
 * files ship with the build and change only with a deploy). Misses are remembered too, so a
 * crawler walking unknown addresses costs one stat each; what is kept is bounded in bytes, the
 * least recently read going first.
 */
export function contentService(dir = CONTENT_DIR) {
  const cache = new TtlCache<ContentPage | null>({
    ttlMs: Infinity,
    maxBytes: CONTENT_CACHE_MAX_BYTES,
    weigh: (page) => (page ? textBytes(page.title) + textBytes(page.description) + textBytes(page.html) : 0),
  })
  return {
    async page(locale: LocaleCode, slug: string): Promise<ContentPage> {
      // The route's schema checks the slug already; this second check keeps the file system safe whoever calls.
      if (!CONTENT_SLUG.test(slug)) throw new AppError('NOT_FOUND', 'Content page not found')
      const page = await cache.wrap(
        `${locale}/${slug}`,
        async () => (await renderContentFile(path.join(dir, locale, `${slug}.md`))) ?? null,
      )
      if (!page) throw new AppError('NOT_FOUND', 'Content page not found')
      return page
    },
  }
}
export type ContentService = ReturnType<typeof contentService>

/**
 * The content pages present in every language, with the newest modification time of their six
 * files (for the sitemap: a page is listed with alternates only when all six exist).
 */
export async function contentPagesInEveryLanguage(dir = CONTENT_DIR): Promise<Array<{ slug: string; lastmod: Date }>> {
  const perLocale = await Promise.all(
    LOCALE_CODES.map(async (locale) => {
      const files = await readdir(path.join(dir, locale), { recursive: true }).catch(() => [] as string[])
      const slugs = files.filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3).split(path.sep).join('/'))
      return { locale, slugs: new Set(slugs.filter((s) => CONTENT_SLUG.test(s))) }
    }),
  )
  const common = [...(perLocale[0]?.slugs ?? [])].filter((slug) => perLocale.every((l) => l.slugs.has(slug))).sort()
  return Promise.all(
    common.map(async (slug) => {
      const times = await Promise.all(
        LOCALE_CODES.map(async (locale) => (await stat(path.join(dir, locale, `${slug}.md`))).mtimeMs),
      )
      return { slug, lastmod: new Date(Math.max(...times)) }
    }),
  )
}
