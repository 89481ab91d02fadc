import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { errorCodeOf, errorReasonOf } from '../../lib/api/call.ts'
import { browserApi } from '../../lib/api/browser.ts'
import type { ReportReason } from '../../../shared/schemas/moderation.ts'
import { REPORT_REASON_LABELS } from './report-reasons.ts'
import { ErrorLine } from '../../components/error-line.tsx'
import { reportsApi } from '../../lib/api/moderation.ts'

const REASONS = Object.keys(REPORT_REASON_LABELS) as ReportReason[]
const DETAILS_MAX = 1000

/** The report dialog's content (client/features/listings/report-dialog.tsx): the reasons, the details, then the thanks. */
export function ReportForm({
  listingId,
  titleId,
  close,
  onSent,
}: {
  listingId: number
  titleId: string
  close: () => void
  onSent: () => void
}) {
  const { t, i18n } = useLingui()
  const [reason, setReason] = useState<ReportReason | ''>('')
  const [details, setDetails] = useState('')
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle')
  const [error, setError] = useState<string | null>(null)

  async function send(event: React.FormEvent) {
    event.preventDefault()
    if (!reason) {
      setError(t`Choose a reason.`)
      return
    }
    setState('sending')
    setError(null)
    try {
      await reportsApi(browserApi()).create(listingId, { reason, ...(details.trim() && { details: details.trim() }) })
      setState('sent')
      onSent()
    } catch (err) {
      setState('idle')
      const reason = errorReasonOf(err)
      if (reason === 'already_reported')
        setError(t`You have already reported this listing. Our moderators will look at it.`)
      else if (reason === 'own_listing') setError(t`You cannot report your own listing.`)
      else if (errorCodeOf(err) === 'RATE_LIMITED')
        setError(t`You have sent many reports today. Please try again tomorrow.`)
      else if (errorCodeOf(err) === 'NETWORK_ERROR') setError(t`Network error. Please check your connection.`)
      else setError(t`The report could not be sent. Please try again.`)
    }
  }

  return state === 'sent' ? (
    <div className="dialog-form" role="status">
      <h2 id={titleId}>
        <Trans>Thank you</Trans>
      </h2>
      <p>
        <Trans>Your report was sent. Our moderators will review this listing.</Trans>
      </p>
      <button type="button" className="button" onClick={close}>
        <Trans>Close</Trans>
      </button>
    </div>
  ) : (
    // POST: a report never goes into an address (the form comes with the dialog, which only the app opens)
    <form method="post" className="dialog-form" onSubmit={send} noValidate>
      <h2 id={titleId}>
        <Trans>Report this listing</Trans>
      </h2>
      <fieldset>
        <legend>
          <Trans>What is wrong with it?</Trans>
        </legend>
        {REASONS.map((r) => (
          <label key={r} className="check">
            <input
              type="radio"
              name="reason"
              value={r}
              checked={reason === r}
              onChange={() => setReason(r)}
              // the dialog opened before the form came: focus goes where showModal() would have put it
              autoFocus={r === REASONS[0]}
            />
            {i18n._(REPORT_REASON_LABELS[r])}
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span>
          <Trans>Details (optional)</Trans>
        </span>
        <textarea rows={4} maxLength={DETAILS_MAX} value={details} onChange={(e) => setDetails(e.target.value)} />
      </label>
      <ErrorLine message={error} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={state === 'sending'}>
          {state === 'sending' ? <Trans>Sending…</Trans> : <Trans>Send report</Trans>}
        </button>
        <button type="button" className="button button-ghost" onClick={close}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  )
}
