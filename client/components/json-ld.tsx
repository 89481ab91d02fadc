import { jsonLdText } from '../../shared/seo.ts'

/**
 * Structured data for crawlers (docs/decisions/022-seo.md): escaped so no text inside can end the element.
 * Built by the server's render alone: a page passes `__KHANEH_BROWSER_BUILD__ ? null : …` (client/build-id.d.ts),
 * so the browser's script carries none of it, and hydration keeps the element the server sent (React does
 * not compare an element's inner HTML while hydrating, and its props never change after). A page the app
 * renders itself (after a navigation) gets an empty element: crawlers read each address's own document.
 */
export function JsonLd({ data }: { data: object | null }) {
  return (
    <script
      type="application/ld+json"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: data ? jsonLdText(data) : '' }}
    />
  )
}
