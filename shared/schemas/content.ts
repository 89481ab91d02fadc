import { z } from 'zod'
import { LanguageParam } from './common.ts'

/** A content page's address under its language: lower-case words joined by `-`, nested by `/`; nothing else, so no `..` and no stray characters ever reach the file system. */
export const CONTENT_SLUG = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/
export const CONTENT_SLUG_MAX = 120

/** GET /content/{locale}?slug=…: the page's language. */
export const ContentParams = z.object({ locale: LanguageParam })

/** …and its address, which may be nested (`help/deposits`), hence a query value rather than a path segment. */
export const ContentQuery = z.object({
  slug: z.string().max(CONTENT_SLUG_MAX).regex(CONTENT_SLUG, 'not a content page address'),
})

/** A content page from `content/<locale>/<slug>.md`: its front matter and the Markdown rendered to HTML. */
export const ContentPageSchema = z.object({
  title: z.string(),
  description: z.string(),
  html: z.string(),
})
export type ContentPage = z.infer<typeof ContentPageSchema>
