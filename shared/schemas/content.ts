import { z } from 'zod'
import { LanguageParam } from './common.ts'
import { CONTENT_SLUG, CONTENT_SLUG_MAX } from '../paths.ts'

export { CONTENT_SLUG, CONTENT_SLUG_MAX }

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
