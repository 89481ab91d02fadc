import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { formatDate } from '../../../shared/dates.ts'
import { formatNumber } from '../../../shared/money.ts'
import { errorCodeOf, errorReasonOf } from '../../lib/api/call.ts'
import type { AdminListing } from '../../lib/api/moderation.ts'
import { browserApi } from '../../lib/api/browser.ts'
import { useLocale } from '../../lib/locale.ts'
import { TERM_LABELS, TYPE_LABELS } from '../listings/labels.ts'
import { Price } from '../listings/price.tsx'
import { ErrorLine } from '../../components/error-line.tsx'
import { moderationApi } from '../../lib/api/moderation.ts'

/** One listing awaiting review: everything a moderator needs to decide, then approve or reject with a reason. */
export function PendingListing({ listing, onDecided }: { listing: AdminListing; onDecided: (id: number) => void }) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const id = useId()
  const [rejecting, setRejecting] = useState(false)
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const type = i18n._(TYPE_LABELS[listing.type])
  const city = listing.cityName
  const country = listing.countryName
  const owner = listing.owner.firstName
  const ownerId = listing.owner.id
  const submitted = formatDate(listing.updatedAt, locale)

  async function decide(status: 'active' | 'rejected') {
    if (status === 'rejected' && reason.trim().length < 3) {
      setError(t`Give the owner a reason of at least 3 characters.`)
      return
    }
    setBusy(true)
    setError(null)
    try {
      const version = { updated_at: listing.updatedAt }
      await moderationApi(browserApi()).decide(
        listing.id,
        status === 'active' ? { status, ...version } : { status, reason: reason.trim(), ...version },
      )
      onDecided(listing.id)
    } catch (err) {
      const conflict = errorCodeOf(err) === 'CONFLICT' ? errorReasonOf(err) : undefined
      setError(
        conflict === 'listing_changed'
          ? t`The owner changed this listing after you opened it. Reload the page to review the new version.`
          : conflict
            ? t`Another moderator has already decided on this listing.`
            : t`That did not work. Please reload the page and try again.`,
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <article className="moderation-item" aria-labelledby={`${id}-title`} aria-busy={busy}>
      <h2 id={`${id}-title`}>{t`${type} in ${city}, ${country}`}</h2>
      <p className="hint">
        <Trans>
          By {owner} (#{ownerId}) · sent {submitted}
        </Trans>
      </p>
      {listing.photos.length > 0 ? (
        <div className="moderation-photos">
          {listing.photos.map((photo, index) => {
            const number = formatNumber(index + 1, locale)
            return (
              <a key={photo.id} href={photo.url} target="_blank" rel="noreferrer">
                <img src={photo.thumbUrl} alt={t`Photo ${number}`} width={120} height={90} loading="lazy" />
              </a>
            )
          })}
        </div>
      ) : (
        <p className="hint">
          <Trans>No photos.</Trans>
        </p>
      )}
      <dl className="facts">
        <div>
          <dt>{t`Rent`}</dt>
          <dd>
            <Price rent={listing.rent} currency={listing.currency} />
          </dd>
        </div>
        <div>
          <dt>{t`Rental term`}</dt>
          <dd>{i18n._(TERM_LABELS[listing.term])}</dd>
        </div>
        <div>
          <dt>{t({ message: 'Contact', context: 'how tenants reach the owner of a listing' })}</dt>
          <dd dir="ltr">{listing.contact ?? '—'}</dd>
        </div>
        <div>
          <dt>{t`Verification number`}</dt>
          <dd dir="ltr">{listing.verificationNumber ?? '—'}</dd>
        </div>
      </dl>
      <p className="moderation-text" dir="auto" lang={listing.originalLanguage}>
        {listing.description}
      </p>
      <div className="moderation-decision">
        {rejecting && (
          <label className="field">
            <span>
              <Trans>Reason for the owner</Trans>
            </span>
            <textarea rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
        )}
        <ErrorLine message={error} />
        <div className="form-actions">
          {rejecting ? (
            <>
              <button type="button" className="button button-danger" disabled={busy} onClick={() => decide('rejected')}>
                <Trans>Reject with this reason</Trans>
              </button>
              <button type="button" className="button button-ghost" disabled={busy} onClick={() => setRejecting(false)}>
                <Trans>Cancel</Trans>
              </button>
            </>
          ) : (
            <>
              <button type="button" className="button" disabled={busy} onClick={() => decide('active')}>
                <Trans>Approve</Trans>
              </button>
              <button type="button" className="button button-ghost" disabled={busy} onClick={() => setRejecting(true)}>
                <Trans>Reject…</Trans>
              </button>
            </>
          )}
        </div>
      </div>
    </article>
  )
}
