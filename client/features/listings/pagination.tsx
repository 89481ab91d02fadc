import { Trans, useLingui } from '@lingui/react/macro'
import { useLocation } from 'react-router'
import { AppLink } from '../../components/app-link.tsx'
import { formatNumber } from '../../../shared/money.ts'
import type { ListingPage } from '../../lib/api/listings.ts'
import { useLocale } from '../../lib/locale.ts'

/** Page links that keep every filter of the URL. */
export function Pagination({ pagination }: { pagination: ListingPage['pagination'] }) {
  const { t } = useLingui()
  const location = useLocation()
  const locale = useLocale()
  const { currentPage, totalPages, hasNext, hasPrev } = pagination
  if (totalPages <= 1 && !hasNext) return null
  const href = (page: number) => {
    const params = new URLSearchParams(location.search)
    if (page <= 1) params.delete('page')
    else params.set('page', String(page))
    const query = params.toString()
    return `${location.pathname}${query ? `?${query}` : ''}`
  }
  const pages = new Set(
    [1, currentPage - 1, currentPage, currentPage + 1, totalPages].filter((p) => p >= 1 && p <= totalPages),
  )
  const sorted = [...pages].sort((a, b) => a - b)
  return (
    <nav className="pagination" aria-label={t`Pages`}>
      {hasPrev ? (
        <AppLink to={href(currentPage - 1)} rel="prev">
          <Trans>Previous</Trans>
        </AppLink>
      ) : (
        <span aria-disabled="true">
          <Trans>Previous</Trans>
        </span>
      )}
      {sorted.map((page, index) => (
        <span key={page} className="pagination-item">
          {index > 0 && sorted[index - 1]! < page - 1 && <span aria-hidden="true">…</span>}
          <AppLink to={href(page)} aria-current={page === currentPage ? 'page' : undefined}>
            {formatNumber(page, locale)}
          </AppLink>
        </span>
      ))}
      {hasNext ? (
        <AppLink to={href(currentPage + 1)} rel="next">
          <Trans>Next</Trans>
        </AppLink>
      ) : (
        <span aria-disabled="true">
          <Trans>Next</Trans>
        </span>
      )}
    </nav>
  )
}
