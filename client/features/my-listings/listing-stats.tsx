import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { formatNumber } from '../../../shared/money.ts'
import { ownListingsApi } from '../../lib/api/own-listings.ts'
import type { ListingAnalytics } from '../../lib/api/own-listings.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { useLocale } from '../../lib/locale.ts'

/** Views per day as a small line; the numbers are also given as text for screen readers. */
export function Sparkline({ days }: { days: Array<{ views: number }> }) {
  const width = 160
  const height = 36
  const max = Math.max(1, ...days.map((d) => d.views))
  const step = days.length > 1 ? width / (days.length - 1) : width
  const points = days
    .map((d, i) => `${(i * step).toFixed(1)},${(height - 2 - (d.views / max) * (height - 4)).toFixed(1)}`)
    .join(' ')
  return (
    <svg
      className="sparkline"
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      aria-hidden="true"
      focusable="false"
    >
      <polyline
        points={points}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  )
}

/** The statistics of one own listing, loaded when the owner opens them. */
export function ListingStats({ listingId }: { listingId: number }) {
  const { t } = useLingui()
  const locale = useLocale()
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle')
  const [analytics, setAnalytics] = useState<ListingAnalytics | null>(null)

  function load() {
    if (analytics || state === 'loading') return
    // (also the retry after a failure)
    setState('loading')
    ownListingsApi(browserApi())
      .analytics(listingId)
      .then((a) => {
        setAnalytics(a)
        setState('idle')
      })
      .catch(() => setState('failed'))
  }

  const n = (value: number) => formatNumber(value, locale)
  return (
    <details className="listing-stats" onToggle={(event) => event.currentTarget.open && load()}>
      <summary>
        <Trans>Statistics</Trans>
      </summary>
      {state === 'loading' && (
        <p className="hint" role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {state === 'failed' && (
        <p className="field-error" role="alert">
          <Trans>The statistics could not be loaded.</Trans>{' '}
          <button type="button" className="link-button" onClick={load}>
            <Trans>Try again</Trans>
          </button>
        </p>
      )}
      {analytics && (
        <div className="stats-body">
          <Sparkline days={analytics.viewsByDay} />
          <dl className="stats-figures">
            <div>
              <dt>{t`Views (30 days)`}</dt>
              <dd>{n(analytics.viewsByDay.reduce((sum, d) => sum + d.views, 0))}</dd>
            </div>
            <div>
              <dt>{t`Views in total`}</dt>
              <dd>{n(analytics.viewsTotal)}</dd>
            </div>
            <div>
              <dt>{t`Saved by`}</dt>
              <dd>{n(analytics.favorites)}</dd>
            </div>
            <div>
              <dt>{t`Contact reveals`}</dt>
              <dd>{n(analytics.contactReveals)}</dd>
            </div>
          </dl>
        </div>
      )}
    </details>
  )
}
