import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { CONTENT_SLUG, CONTENT_SLUG_MAX } from '../../../shared/paths.ts'
import { PageHead } from '../../components/page-head.tsx'
import { contentApi } from '../../lib/api/content.ts'
import { ApiError } from '../../lib/api/call.ts'
import { apiContext, localeContext } from '../../lib/context.ts'

/** The page of a content file, read from the API (content/<locale>/<slug>.md): any address no other route takes. */
export async function contentLoader(
  slug: string,
  { request, context }: Pick<LoaderFunctionArgs, 'request' | 'context'>,
) {
  const notFound = () => data({ message: `Page not found: ${new URL(request.url).pathname}` }, { status: 404 })
  if (slug.length > CONTENT_SLUG_MAX || !CONTENT_SLUG.test(slug)) throw notFound()
  try {
    return await contentApi(context.get(apiContext)).page(context.get(localeContext), slug, request.signal)
  } catch (err) {
    if (err instanceof ApiError && (err.code === 'NOT_FOUND' || err.code === 'VALIDATION_ERROR')) throw notFound()
    throw err
  }
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // A trailing slash is the same page.
  return contentLoader((params['*'] ?? '').replace(/\/+$/, ''), { request, context })
}

/** A content page: its front matter as the head, its Markdown (rendered by the API from our own files) as the body. */
export function ContentArticle() {
  const page = useLoaderData<typeof loader>()
  return (
    <article className="container content-page" aria-labelledby="content-title">
      <PageHead title={page.title} description={page.description} />
      <h1 id="content-title">{page.title}</h1>
      {/* Our own Markdown from the repository's content/ folder, rendered on the server; never user input. */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  )
}

export const Component = ContentArticle
