import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { formatDate } from '../../../shared/dates.ts'
import { listingPath } from '../../../shared/seo.ts'
import { formatNumber } from '../../../shared/money.ts'
import { AppLink } from '../../components/app-link.tsx'
import { ErrorLine } from '../../components/error-line.tsx'
import { alertsApi } from '../../lib/api/alerts.ts'
import type { AlertMatchPage } from '../../lib/api/alerts.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'

/** The listings an alert found, newest first, 20 a page, each a link to the listing. */
export function AlertMatches({ id, alertId }: { id: string; alertId: number }) {
  const { t } = useLingui()
  const locale = useLocale()
  const to = useLocalePath()
  const [page, setPage] = useState(1)
  const [answer, setAnswer] = useState<AlertMatchPage | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    const abort = new AbortController()
    alertsApi(browserApi())
      .matches(alertId, page, abort.signal)
      .then(setAnswer, () => {
        if (!abort.signal.aborted) setFailed(true)
      })
    return () => abort.abort()
  }, [alertId, page])

  const turn = (to: number) => {
    setFailed(false)
    setPage(to)
  }
  const pagination = answer?.pagination
  return (
    <section id={id} className="alert-matches" aria-label={t`Matches`} aria-busy={!answer && !failed}>
      {failed && <ErrorLine message={t`Could not load the matches. Please try again.`} />}
      {!answer && !failed && (
        <p className="hint">
          <Trans>Loading…</Trans>
        </p>
      )}
      {answer && answer.matches.length === 0 && (
        <p className="hint">
          <Trans>No matches yet. New listings that fit this search will appear here.</Trans>
        </p>
      )}
      {answer && answer.matches.length > 0 && (
        <ol className="match-list">
          {answer.matches.map((match) => (
            <li key={match.id}>
              <AppLink to={to(listingPath(match.listingSlug))}>
                <bdi>{match.listingSlug}</bdi>
              </AppLink>
              <span className="hint"> · {formatDate(match.createdAt, locale)}</span>
            </li>
          ))}
        </ol>
      )}
      {pagination && pagination.totalPages > 1 && (
        <nav className="pagination" aria-label={t`Pages of matches`}>
          <button
            type="button"
            className="button button-ghost button-small"
            disabled={!pagination.hasPrev}
            onClick={() => turn(page - 1)}
          >
            <Trans>Previous</Trans>
          </button>
          <span>
            {formatNumber(pagination.currentPage, locale)} / {formatNumber(pagination.totalPages, locale)}
          </span>
          <button
            type="button"
            className="button button-ghost button-small"
            disabled={!pagination.hasNext}
            onClick={() => turn(page + 1)}
          >
            <Trans>Next</Trans>
          </button>
        </nav>
      )}
    </section>
  )
}
