import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'
import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { ApiError } from '../../lib/api/call.ts'
import { isChunkLoadError, reloadForChunkError } from '../../lib/build-freshness.ts'
import { useLocalePath } from '../../lib/locale.ts'
import { PageHead } from '../../components/page-head.tsx'

/** The status a route error stands for: 404 for missing pages and listings, else 500 (or the API's 5xx). */
export function errorStatus(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status
  if (error instanceof ApiError) return error.status === 404 ? 404 : error.status >= 500 ? error.status : 500
  return 500
}

/** The error pages, inside the layout: 404 "Page Not Found", otherwise "Internal Server Error". */
export function RouteError() {
  const error = useRouteError()
  const { t } = useLingui()
  const to = useLocalePath()
  const status = errorStatus(error)
  const notFound = status === 404
  const badRequest = status === 400
  const unavailable = status === 502 || status === 503 || status === 504
  // a route's code that a deploy removed: one fresh page load brings the new build (docs/decisions/043-build-freshness.md)
  useEffect(() => {
    if (isChunkLoadError(error)) reloadForChunkError()
  }, [error])
  const title = notFound ? t`Page Not Found` : badRequest ? t`Invalid search` : t`Internal Server Error`
  return (
    <section className="container error-page" aria-labelledby="error-title">
      <PageHead title={title} noindex />
      <p className="error-code" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title">{title}</h1>
      <p>
        {notFound ? (
          <Trans>The page you are looking for does not exist or is no longer available.</Trans>
        ) : badRequest ? (
          <Trans>Some of the search filters in this address are not valid. Clear them and try again.</Trans>
        ) : unavailable ? (
          <Trans>The service is temporarily unavailable. Please try again in a moment.</Trans>
        ) : (
          <Trans>Something went wrong on our side. Please try again.</Trans>
        )}
      </p>
      <p className="error-actions">
        <Link to={to('/')} className="button">
          <Trans>Back to the home page</Trans>
        </Link>
        <Link to={to('/listings')} className="button button-ghost">
          <Trans>Browse listings</Trans>
        </Link>
      </p>
    </section>
  )
}
