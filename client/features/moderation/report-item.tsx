import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import type { ListingStatus } from '../../../shared/constants.ts'
import { formatDate } from '../../../shared/dates.ts'
import { listingPath } from '../../../shared/seo.ts'
import { moderationApi } from '../../lib/api/moderation.ts'
import type { AdminReport } from '../../lib/api/moderation.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { useLocale, useLocalePath } from '../../lib/locale.ts'
import { TYPE_LABELS } from '../listings/labels.ts'
import { STATUS_LABELS } from '../listings/status-labels.ts'
import { REPORT_REASON_LABELS } from '../listings/report-reasons.ts'
import { ErrorLine } from '../../components/error-line.tsx'

type Decision = 'dismissed' | 'resolved' | 'removed'

/** One report in the queue: what was reported, by whom, and the three ways to close it. */
export function ReportItem({ report, onClosed }: { report: AdminReport; onClosed: () => void }) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const to = useLocalePath()
  const id = useId()
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const type = i18n._(TYPE_LABELS[report.listing.type])
  const city = report.listing.cityName
  const title = t`${type} in ${city}`
  const reporter = report.reporter.firstName
  const when = formatDate(report.createdAt, locale)
  const isOpen = report.status === 'open'

  async function close(decision: Decision) {
    setBusy(true)
    setError(null)
    try {
      await moderationApi(browserApi()).resolveReport(report.id, {
        status: decision === 'dismissed' ? 'dismissed' : 'resolved',
        ...(note.trim() && { note: note.trim() }),
        ...(decision === 'removed' && { remove_listing: true }),
      })
      onClosed()
    } catch {
      setError(t`That did not work. Please reload the page and try again.`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <article className="moderation-item" aria-labelledby={`${id}-title`} aria-busy={busy}>
      <h2 id={`${id}-title`}>{i18n._(REPORT_REASON_LABELS[report.reason])}</h2>
      <p className="hint">
        <Trans>
          Reported by {reporter} · {when} ·{' '}
          <Plural
            value={report.listing.openCount}
            one="# open report on this listing"
            other="# open reports on this listing"
          />
        </Trans>
      </p>
      {report.details && (
        <p className="moderation-text" dir="auto">
          {report.details}
        </p>
      )}
      <div className="own-listing">
        <div className="own-listing-photo">
          {report.listing.thumbUrl ? (
            <img src={report.listing.thumbUrl} alt="" width={120} height={90} loading="lazy" />
          ) : (
            <span className="photo-missing" aria-hidden="true" />
          )}
        </div>
        <div className="own-listing-body">
          <h3 className="own-listing-title">
            {report.listing.status === 'active' ? (
              <Link to={to(listingPath(report.listing.slug))}>{title}</Link>
            ) : (
              title
            )}
          </h3>
          <span className={`status-chip status-${report.listing.status}`}>
            {i18n._(STATUS_LABELS[report.listing.status as ListingStatus])}
          </span>
          <p className="hint" dir="auto">
            {report.listing.descriptionExcerpt}
          </p>
        </div>
      </div>
      {isOpen ? (
        <div className="moderation-decision">
          <label className="field">
            <span>
              <Trans>Note (optional, for moderators)</Trans>
            </span>
            <input value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
          </label>
          <ErrorLine message={error} />
          <div className="form-actions">
            <button type="button" className="button button-ghost" disabled={busy} onClick={() => close('dismissed')}>
              <Trans>Dismiss</Trans>
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => close('resolved')}>
              <Trans>Resolve</Trans>
            </button>
            {report.listing.status !== 'removed' && (
              <button type="button" className="button button-danger" disabled={busy} onClick={() => close('removed')}>
                <Trans>Resolve and remove the listing</Trans>
              </button>
            )}
          </div>
        </div>
      ) : (
        report.note && <p className="hint">{report.note}</p>
      )}
    </article>
  )
}
