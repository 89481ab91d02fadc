import { jsonLdText } from '../../shared/seo.ts'

/** Structured data for crawlers (docs/decisions/022-seo.md): escaped so no text inside can end the element. */
export function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />
}
